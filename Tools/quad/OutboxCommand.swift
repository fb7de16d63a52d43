import ArgumentParser
import Foundation
import QuadBuiltInContracts
import QuadContracts
import QuadKernel
import QuadToolKit
import QuadWire
import QuadWireNIO
import SwiftProtobuf

/// `quad outbox`: the dead letters of the services' outboxes (messages a destination refused for good), for
/// operators.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List, inspect and replay the outbox's dead letters.",
        discussion: """
            A service's outbox relay moves a message to the dead letters once its destination has refused it for \
            good (INVALID_ARGUMENT, FAILED_PRECONDITION, NOT_FOUND, UNIMPLEMENTED, PERMISSION_DENIED) \
            --outbox-max-refusals times (10 by default), so that the later messages to that destination flow. \
            These commands call the service's quad.admin.v1.Admin with the CLI's client certificate (operators \
            only). Dead-letter ids are the service's own outbox ids: show and replay name the service. \
            A call that fails prints `ERROR: service: CODE_NAME: message` on stderr and exits 1; a mistake on \
            this side (endpoints file, certificate) exits 2.
            """,
        subcommands: [OutboxListCommand.self, OutboxShowCommand.self, OutboxReplayCommand.self]
    )
}

/// The flags every `quad outbox` subcommand shares.
struct OutboxOptions: ParsableArguments {
    @Option(help: "The endpoints file `quad up` wrote.")
    var endpoints = ".quad/endpoints.json"

    /// Calls `body` with the Admin client of `service`, reporting failures as the other commands do.
    func withAdmin(
        of service: String,
        _ body: (Quad_Admin_V1_Admin.Client) async throws -> Void
    ) async throws {
        do {
            let client = try EndpointsFile.load(path: endpoints).operatorClient(of: service)
            defer { client.close() }
            try await body(Quad_Admin_V1_Admin.Client(transport: client))
        } catch let error as RPCError {
            Console.error("ERROR: \(service): \(error.code.name): \(error.message)")
            throw ExitCode(1)
        } catch let error as CLIError {
            Console.error("error: \(error.message)")
            throw ExitCode(error.exitCode)
        }
    }

    static let callOptions = CallOptions(timeout: .seconds(30))
}

/// `quad outbox list`: the dead letters still dead, of one service or of every service in the endpoints file.
struct OutboxListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the dead letters still dead (oldest first), without their payloads."
    )

    @OptionGroup var options: OutboxOptions

    @Option(help: "Only this service's outbox (default: every service in the endpoints file).")
    var service: String?

    @Option(help: "Only messages for this destination context, e.g. payments.")
    var destination: String?

    @Option(help: "Only messages of this topic, e.g. account.deleted.")
    var topic: String?

    func run() async throws {
        let services: [String]
        if let service {
            services = [service]
        } else {
            do {
                services = try EndpointsFile.load(path: options.endpoints).services.keys.filter { $0 != "gateway" }
                    .sorted()
            } catch let error as CLIError {
                Console.error("error: \(error.message)")
                throw ExitCode(error.exitCode)
            }
        }
        var table = TextTable(header: ["service", "id", "destination", "topic", "status", "attempts", "dead since"])
        var failed = false
        for name in services {
            do {
                try await options.withAdmin(of: name) { admin in
                    var afterID: Int64 = 0
                    while true {
                        let page = try await admin.listDeadLetters(
                            .with {
                                $0.destination = destination ?? ""
                                $0.topic = topic ?? ""
                                $0.afterID = afterID
                                $0.limit = 500
                            },
                            options: OutboxOptions.callOptions
                        )
                        for letter in page.deadLetters {
                            table.rows.append([
                                name, "\(letter.id)", letter.destination, letter.topic, letter.status,
                                "\(letter.attempts)", OutboxFormat.time(letter.deadAtMicros),
                            ])
                        }
                        guard page.deadLetters.count == 500, let last = page.deadLetters.last else { break }
                        afterID = last.id
                    }
                }
            } catch is ExitCode where service == nil {
                // Every service is asked even when one fails (its error is printed); the command still exits 1.
                failed = true
            }
        }
        if table.rows.isEmpty {
            print("no dead letters in \(services.joined(separator: ", "))")
        } else {
            print(table.text, terminator: "")
        }
        if failed { throw ExitCode(1) }
    }
}

/// `quad outbox show ID --service S`: one dead letter with its payload.
struct OutboxShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Show one dead letter: where it was going, the last refusal, its payload (base64) and its message (JSON)."
    )

    @OptionGroup var options: OutboxOptions

    @Argument(help: "The dead letter's id, from `quad outbox list`.")
    var id: Int64

    @Option(help: "The service whose outbox holds it, e.g. jobs.")
    var service: String

    func run() async throws {
        try await options.withAdmin(of: service) { admin in
            let letter = try await admin.getDeadLetter(.with { $0.id = id }, options: OutboxOptions.callOptions)
            let replayedAt = OutboxFormat.time(letter.replayedAtMicros)
            let replayedAs = "replayed at \(replayedAt) as outbox message \(letter.replayedAs)"
            let state = letter.replayedAtMicros == 0 ? "dead" : replayedAs
            var table = TextTable()
            table.rows = [
                ["id", "\(letter.id)"],
                ["service", service],
                ["destination", letter.destination],
                ["topic", letter.topic],
                ["key", letter.key],
                ["state", state],
                ["status", letter.status],
                ["last error", letter.lastError],
                ["attempts", "\(letter.attempts)"],
                ["enqueued", OutboxFormat.time(letter.enqueuedAtMicros)],
                ["dead since", OutboxFormat.time(letter.deadAtMicros)],
                ["payload", "\(letter.payloadBytes) bytes, base64: \(letter.payload.base64EncodedString())"],
            ]
            // The payload as JSON when it is the topic's message (QuadEventCatalog, generated from Proto/).
            if let event = try? QuadEventCatalog.decode(topic: letter.topic, payload: letter.payload),
                let json = try? event.jsonString()
            {
                table.rows.append(["message", "\(type(of: event).protoMessageName) \(json)"])
            }
            print(table.text, terminator: "")
        }
    }
}

/// `quad outbox replay ID --service S`: the dead letter goes back to the outbox to be delivered again.
struct OutboxReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Put a dead letter back at the end of the outbox; the relay delivers it at once.",
        discussion: """
            If the destination refuses it for good again, it comes back as a new dead letter (with a new id). \
            Replaying an id that was replayed already fails with FAILED_PRECONDITION, saying when and as what.
            """
    )

    @OptionGroup var options: OutboxOptions

    @Argument(help: "The dead letter's id, from `quad outbox list`.")
    var id: Int64

    @Option(help: "The service whose outbox holds it, e.g. jobs.")
    var service: String

    func run() async throws {
        try await options.withAdmin(of: service) { admin in
            let response = try await admin.replayDeadLetter(.with { $0.id = id }, options: OutboxOptions.callOptions)
            let letter = response.deadLetter
            print(
                "replayed dead letter \(letter.id) (\(letter.topic) to \(letter.destination)) as outbox message "
                    + "\(letter.replayedAs) of \(service)"
            )
        }
    }
}

/// How `quad outbox` writes times.
enum OutboxFormat {
    /// UTC microseconds as an ISO 8601 time to the second; `-` for 0.
    static func time(_ micros: Int64) -> String {
        guard micros > 0 else { return "-" }
        return Microseconds.iso8601(micros)
    }
}
