import ArgumentParser
import Foundation
import QuadLoad
import QuadLoadCheck

/// `quad-load check`: a run's invariants (docs/reliability.md, "Invariants").
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a run's invariants from its call log and the services' databases.",
        discussion: """
            Reads every service's SQLite database under --data (the layout quad up --data DIR makes; read-only, \
            while the services may still run) and the call log a quad-load run wrote with --calls-jsonl, waits up to \
            --wait for every outbox to drain, then checks: writes-exist, money-moved-once, captured-once, \
            books-balance, outboxes-drained, feeds-whole. Prints one line per invariant (items checked, violations, \
            the first few with ids). Exit status: 0 none violated; 1 some violated, or the data could not be read.
            """
    )

    @Option(help: "The data directory of `quad up --data DIR`.")
    var data: String

    @Option(help: "The call log of the run (quad-load --calls-jsonl FILE).")
    var calls: String

    @Option(help: "Also write the results as JSON here.")
    var json: String?

    @Option(help: "How long to wait for the outboxes to drain first: 60s, 2m, 0s.")
    var wait = "60s"

    @Option(
        help: ArgumentHelp(
            "A dead letter's allowed reason, destination:topic:STATUS (* for any part); repeatable.",
            valueName: "reason"
        )
    )
    var explained: [String] = []

    @Flag(help: "Print every violation, not the first three of each invariant.")
    var all = false

    func run() async throws {
        guard let wait = DurationText.parse(wait) else {
            throw ValidationError("--wait \(self.wait) is not a duration such as 60s, 2m or 0s")
        }
        let reasons = try explained.map { text in
            guard let reason = DeadLetterReason(text) else {
                throw ValidationError("--explained \(text) is not destination:topic:STATUS")
            }
            return reason
        }
        let checker = InvariantChecker(dataDirectory: data, callLog: calls, wait: wait, explained: reasons)
        let results: [InvariantResult]
        do {
            results = try await checker.run()
        } catch let error as CheckError {
            FileHandle.standardError.write(Data("quad-load check: \(error)\n".utf8))
            throw ExitCode(1)
        }
        for result in results { print(result.line(showing: all ? .max : 3)) }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(results).write(to: URL(fileURLWithPath: json))
        }
        let violated = results.filter { !$0.passed }
        print(
            violated.isEmpty
                ? "every invariant held"
                : "\(violated.count) of \(results.count) invariants violated: "
                    + violated.map(\.name).joined(separator: ", ")
        )
        if !violated.isEmpty { throw ExitCode(1) }
    }
}
