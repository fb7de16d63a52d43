import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// Renders `Events.quad.swift`: the events between contexts declared in Proto/ (``EventModel``), with a typed send
/// for each producer and a `Deliver` protocol, and its dispatch, for each consumer.
struct EventPrinter {
    /// Field numbers of the event options (Proto/quad/options/v1/options.proto).
    enum OptionField {
        /// `(quad.options.v1.event_topic)` in `google.protobuf.MessageOptions`.
        static let eventTopic: UInt64 = 50020
        /// `(quad.options.v1.event_consumers)` in `google.protobuf.MessageOptions`.
        static let eventConsumers: UInt64 = 50021
        /// `(quad.options.v1.receives)` in `google.protobuf.ServiceOptions`.
        static let receives: UInt64 = 50011
    }

    let files: [FileDescriptor]
    let namer: SwiftProtobufNamer
    /// Every event message by full name, for its Swift name and comments.
    private let messages: [String: Descriptor]
    /// Every context's service by context name.
    private let services: [String: (file: FileDescriptor, service: ServiceDescriptor)]
    let model: EventModel

    init(files: [FileDescriptor], namer: SwiftProtobufNamer) {
        self.files = files
        self.namer = namer
        var messages: [String: Descriptor] = [:]
        var services: [String: (file: FileDescriptor, service: ServiceDescriptor)] = [:]
        var events: [EventModel.Event] = []
        var contexts: [EventModel.Context] = []
        for file in files {
            let producer = file.services.lazy.compactMap { ServicePrinter.context(of: $0) }.first
            for message in Self.allMessages(file.messages) {
                let options = CustomOptions(message.options.unknownFields.data)
                let topic = options.string(OptionField.eventTopic) ?? ""
                let consumers = options.strings(OptionField.eventConsumers)
                guard !topic.isEmpty || !consumers.isEmpty else { continue }
                messages[message.fullName] = message
                events.append(
                    EventModel.Event(message: message.fullName, topic: topic, producer: producer, consumers: consumers)
                )
            }
            for service in file.services {
                guard let context = ServicePrinter.context(of: service) else { continue }
                let hasDeliver = service.methods.contains { $0.name == "Deliver" }
                // A context served by several services (jobs: Jobs and Errands) sends and receives its events as the
                // one with `Deliver`, or else as its first.
                if let index = contexts.firstIndex(where: { $0.name == context }) {
                    guard hasDeliver, !contexts[index].hasDeliver else { continue }
                    contexts.remove(at: index)
                }
                services[context] = (file, service)
                contexts.append(
                    EventModel.Context(
                        name: context,
                        service: service.fullName,
                        hasDeliver: hasDeliver,
                        receives: CustomOptions(service.options.unknownFields.data).strings(OptionField.receives)
                    )
                )
            }
        }
        self.messages = messages
        self.services = services
        self.model = EventModel(events: events, contexts: contexts)
    }

    private static func allMessages(_ messages: [Descriptor]) -> [Descriptor] {
        messages.flatMap { [$0] + allMessages($0.messages) }
    }

    /// The file, or ``EventDeclarationError`` when the declarations do not fit together.
    func render() throws -> String {
        let problems = model.problems()
        guard problems.isEmpty else { throw EventDeclarationError(problems: problems) }
        var out = Self.preamble
        for event in model.events {
            out += conformance(event)
        }
        out += catalog()
        for (context, entry) in services.sorted(by: { $0.key < $1.key }) {
            let sent = model.sent(by: context)
            if !sent.isEmpty {
                out += sender(
                    context: context,
                    namespace: ServicePrinter.namespace(entry.service, in: entry.file),
                    events: sent
                )
            }
        }
        for context in model.contexts.sorted(by: { $0.name < $1.name }) where !context.receives.isEmpty {
            guard let entry = services[context.name] else { continue }
            out += receiver(context, namespace: ServicePrinter.namespace(entry.service, in: entry.file))
        }
        return out
    }

    private func swiftName(_ event: EventModel.Event) -> String {
        namer.fullName(message: messages[event.message]!)
    }

    /// `JobDasherRejected` -> `jobDasherRejected`: the consumer's method for the event.
    private func methodName(_ event: EventModel.Event) -> String {
        let name = messages[event.message]!.name
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    private func comment(_ event: EventModel.Event, indent: String) -> String {
        let text = messages[event.message]!.protoSourceComments(commentPrefix: "///")
        return text.split(separator: "\n").filter { !$0.isEmpty }.map { "\(indent)\($0)\n" }.joined()
    }

    private static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " and " + names.last!
        }
    }

    private func conformance(_ event: EventModel.Event) -> String {
        let consumers = event.consumers.map { "\"\($0)\"" }.joined(separator: ", ")
        return """

            extension \(swiftName(event)): QuadEvent {
                /// `\(event.topic)`, from \(event.producer ?? "") to \(Self.list(event.consumers)).
                public static let topic = "\(event.topic)"
                public static let producer = "\(event.producer ?? "")"
                public static let consumers: [String] = [\(consumers)]
            }

            """
    }

    /// Every event by topic, for tools that show a stored message.
    private func catalog() -> String {
        let cases = model.events.map {
            "        case \(swiftName($0)).topic: return try \(swiftName($0))(serializedBytes: payload)\n"
        }.joined()
        return """

            /// Every event declared in Proto/, for tools that show a stored message by its topic (`quad outbox show`).
            public enum QuadEventCatalog {
                /// `payload` decoded as the event sent under `topic`; `nil` for a topic no event declares.
                public static func decode(topic: String, payload: Data) throws -> (any QuadEvent)? {
                    switch topic {
            \(cases)        default: return nil
                    }
                }
            }

            """
    }

    private func sender(context: String, namespace: String, events: [EventModel.Event]) -> String {
        var out = """

            extension \(namespace) {
                /// The events \(context) sends: each `send` enqueues the event for every context that receives it, in
                /// the caller's transaction (QuadServiceKit's `db.outbox`), so the change and its messages commit together.
                public enum Events {

            """
        for event in events {
            out += comment(event, indent: "        ")
            out += """
                        /// Topic `\(event.topic)`, to \(Self.list(event.consumers)); `key` is unique to this effect (the receivers
                        /// apply each key once).
                        public static func send(_ event: \(swiftName(event)), key: String, into outbox: some EventOutbox) throws {
                            try outbox.enqueue(event, key: key)
                        }

                """
        }
        out += """
                }
            }

            """
        return out
    }

    private func receiver(_ context: EventModel.Context, namespace: String) -> String {
        let events = model.received(by: context)
        let topics = Self.list(events.map(\.topic))
        var out = """

            extension \(namespace) {
                /// What \(context.name) receives through `Deliver`: one method per event. A service that conforms gets
                /// `deliver(request:context:)` written for it: each delivery is decoded by its topic and handed to the
                /// event's method; a topic \(context.name) does not receive, a sender that is not the topic's producer
                /// or a payload that is not the topic's message is INVALID_ARGUMENT, which the sender's relay
                /// dead-letters rather than retrying forever.
                public protocol Deliver: ServiceProtocol {

            """
        for event in events {
            let described = comment(event, indent: "        ")
            out += described.isEmpty ? "        /// `\(event.topic)` from \(event.producer ?? "").\n" : described
            out += """
                        func \(methodName(event))(
                            _ event: \(swiftName(event)),
                            _ delivery: Quad_Types_V1_OutboxDelivery,
                            _ context: ServerContext
                        ) async throws -> Quad_Types_V1_DeliveryReceipt

                """
        }
        out += """
                }
            }

            extension \(namespace).Deliver {
                /// Decodes `request` by its topic and calls the event's method.
                public func deliver(
                    request: Quad_Types_V1_OutboxDelivery,
                    context: ServerContext
                ) async throws -> Quad_Types_V1_DeliveryReceipt {
                    switch request.topic {

            """
        for event in events {
            out += """
                        case \(swiftName(event)).topic:
                            return try await \(methodName(event))(QuadEventPayload.decode(\(swiftName(event)).self, from: request), request, context)

                """
        }
        out += """
                    default:
                        throw RPCError(
                            code: .invalidArgument,
                            message: "topic: \(context.name) receives \(topics); not '\\(request.topic)'"
                        )
                    }
                }
            }

            """
        return out
    }

    private static let preamble = """
        // DO NOT EDIT. Generated by protoc-gen-quad from Proto/ (Tools/generate-contracts.sh).
        public import Foundation
        public import QuadWire
        public import SwiftProtobuf

        /// A message one context sends others through its transactional outbox (DESIGN.md, How services cooperate),
        /// declared in the producer's proto with `(quad.options.v1.event_topic)` and `(quad.options.v1.event_consumers)`.
        public protocol QuadEvent: SwiftProtobuf.Message {
            /// The topic on the wire (`OutboxDelivery.topic`), e.g. `job.completed`; never changed once sent.
            static var topic: String { get }
            /// The context that sends it.
            static var producer: String { get }
            /// The contexts that receive it, each through its `Deliver`.
            static var consumers: [String] { get }
        }

        /// Where a producer's typed sends (`<Service>.Events.send`) write: its outbox, inside the transaction of the
        /// change. QuadServiceKit's `db.outbox` is the one services use.
        public protocol EventOutbox {
            /// Adds one message for `destination` to the outbox.
            func enqueue(destination: String, topic: String, key: String, payload: Data) throws
        }

        extension EventOutbox {
            /// Enqueues `event` once for each of its consumers, under `key`.
            func enqueue<Event: QuadEvent>(_ event: Event, key: String) throws {
                let payload: Data = try event.serializedBytes()
                for consumer in Event.consumers {
                    try enqueue(destination: consumer, topic: Event.topic, key: key, payload: payload)
                }
            }
        }

        /// Reads an event out of a delivery, for the generated `Deliver` dispatch.
        public enum QuadEventPayload {
            /// `delivery`'s payload as `Event`; INVALID_ARGUMENT when the sender is not the event's producer or the
            /// payload is not an `Event`. Payloads are protobuf; one written as JSON by an earlier release (identity's
            /// `account.deleted` before issue 12) is read as proto JSON, so that messages already in an outbox still
            /// deliver.
            public static func decode<Event: QuadEvent>(
                _ type: Event.Type,
                from delivery: Quad_Types_V1_OutboxDelivery
            ) throws -> Event {
                guard delivery.source == Event.producer else {
                    throw RPCError(
                        code: .invalidArgument,
                        message: "source: \\(Event.topic) comes from \\(Event.producer), not '\\(delivery.source)'"
                    )
                }
                do {
                    return try Event(serializedBytes: delivery.payload)
                } catch {
                    var options = JSONDecodingOptions()
                    options.ignoreUnknownFields = true
                    if delivery.payload.first == UInt8(ascii: "{"),
                        let event = try? Event(jsonUTF8Data: delivery.payload, options: options)
                    {
                        return event
                    }
                    throw RPCError(
                        code: .invalidArgument,
                        message: "payload: \\(Event.topic) carries a \\(Event.protoMessageName), which this is not (\\(error))"
                    )
                }
            }
        }

        """
}
