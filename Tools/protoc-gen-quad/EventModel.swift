/// The cross-context events Proto/ declares, as plain values the generator checks before it writes a line.
///
/// An event is a message of the producer's file with `(quad.options.v1.event_topic)` and one or more
/// `(quad.options.v1.event_consumers)`; a consumer is a context whose service has a `Deliver` method and lists the
/// event in `(quad.options.v1.receives)`. Both sides declare it, so that neither can change alone: an event sent to
/// a context that does not say it receives it, or a context that says it receives an event nobody sends it, stops
/// the generator (and so the build of the contracts) instead of failing a delivery at run time.
struct EventModel: Equatable {
    /// One event message.
    struct Event: Equatable {
        /// The message's full proto name, e.g. `quad.jobs.v1.JobCompleted`.
        var message: String
        /// The wire topic, e.g. `job.completed`.
        var topic: String
        /// The context whose file declares it.
        var producer: String?
        /// The contexts it is sent to, in declaration order.
        var consumers: [String]
    }

    /// One context's service, as far as events are concerned.
    struct Context: Equatable {
        /// The context, e.g. `payments`.
        var name: String
        /// The service's full proto name, e.g. `quad.payments.v1.Payments`.
        var service: String
        /// Whether the service has the `Deliver` method outbox messages arrive at.
        var hasDeliver: Bool
        /// The events (full message names) it says it receives, in declaration order.
        var receives: [String]
    }

    var events: [Event]
    var contexts: [Context]

    /// Every reason the declarations do not fit together, one line each; empty when they do.
    func problems() -> [String] {
        var problems: [String] = []
        let contextsByName = Dictionary(contexts.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var topics: [String: String] = [:]
        for event in events {
            if event.topic.isEmpty {
                problems.append("\(event.message) names consumers but no (quad.options.v1.event_topic)")
            } else if let other = topics[event.topic] {
                problems.append(
                    "\(event.message) and \(other) both use the topic '\(event.topic)'; a topic names one message"
                )
            } else {
                topics[event.topic] = event.message
            }
            guard let producer = event.producer else {
                problems.append(
                    "\(event.message) is an event, but its file has no service with (quad.options.v1.context): "
                        + "declare an event in its producer's file"
                )
                continue
            }
            if event.consumers.isEmpty {
                problems.append(
                    "\(event.message) has a topic but no (quad.options.v1.event_consumers): name the contexts it goes to"
                )
            }
            if Set(event.consumers).count != event.consumers.count {
                problems.append("\(event.message) names a consumer twice")
            }
            for consumer in event.consumers {
                if consumer == producer {
                    problems.append(
                        "\(event.message) is sent by \(producer) to itself; an event goes to another context"
                    )
                    continue
                }
                guard let context = contextsByName[consumer] else {
                    problems.append(
                        "\(event.message) is sent to '\(consumer)', which no service names as its (quad.options.v1.context)"
                    )
                    continue
                }
                if !context.hasDeliver {
                    problems.append(
                        "\(event.message) is sent to \(consumer), but \(context.service) has no Deliver method"
                    )
                }
                if !context.receives.contains(event.message) {
                    problems.append(
                        "\(event.message) is sent to \(consumer), which does not declare it: add "
                            + "`option (quad.options.v1.receives) = \"\(event.message)\";` to \(context.service), "
                            + "or drop \(consumer) from its event_consumers"
                    )
                }
            }
        }
        let eventsByName = Dictionary(events.map { ($0.message, $0) }, uniquingKeysWith: { first, _ in first })
        for context in contexts {
            if !context.receives.isEmpty, !context.hasDeliver {
                problems.append("\(context.service) receives events but has no Deliver method")
            }
            for name in context.receives {
                guard let event = eventsByName[name] else {
                    problems.append("\(context.service) receives \(name), which is not an event (no event_topic on it)")
                    continue
                }
                if !event.consumers.contains(context.name) {
                    problems.append(
                        "\(context.service) receives \(name), but \(name) is not sent to \(context.name): add it to "
                            + "its event_consumers, or drop it from receives"
                    )
                }
            }
        }
        return problems
    }

    /// The events `context` receives, in the order its service lists them.
    func received(by context: Context) -> [Event] {
        context.receives.compactMap { name in events.first { $0.message == name } }
    }

    /// The events `producer` sends, in declaration order.
    func sent(by producer: String) -> [Event] {
        events.filter { $0.producer == producer }
    }
}

/// The generator's refusal of Proto/'s event declarations; protoc prints it and writes nothing.
struct EventDeclarationError: Error, CustomStringConvertible {
    var problems: [String]

    var description: String {
        "the events declared in Proto/ do not fit together:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
