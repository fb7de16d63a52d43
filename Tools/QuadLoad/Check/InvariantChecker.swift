import Foundation

/// `quad-load check`: reads a run's call log and every service's database after it, waits for the outboxes to
/// drain, and evaluates each invariant (docs/reliability.md, "Invariants").
public struct InvariantChecker: Sendable {
    /// The data directory (`quad up --data DIR`).
    public var dataDirectory: String
    /// The call log (`quad-load --calls-jsonl FILE`).
    public var callLog: String
    /// How long to wait for every outbox to be empty before checking.
    public var wait: Duration
    /// The dead letters' allowed reasons.
    public var explained: [DeadLetterReason]

    /// A checker of the run whose databases are under `dataDirectory` and whose calls are in `callLog`.
    public init(
        dataDirectory: String,
        callLog: String,
        wait: Duration = .seconds(60),
        explained: [DeadLetterReason] = []
    ) {
        self.dataDirectory = dataDirectory
        self.callLog = callLog
        self.wait = wait
        self.explained = explained
    }

    /// Every invariant's result, in the order of docs/reliability.md.
    ///
    /// - Throws: ``CheckError`` when the databases or the call log cannot be read at all.
    public func run() async throws -> [InvariantResult] {
        let log = try CallLogContents(path: callLog)
        let databases = try ServiceDatabases(root: dataDirectory)
        let left = try await OutboxesDrained.waitUntilDrained(databases, timeout: wait)
        var results = try Self.evaluate(log, databases, explained: explained)
        if left > 0, let drained = results.firstIndex(where: { $0.name == OutboxesDrained.name }) {
            results[drained].notes.append("waited \(wait) for the outboxes")
        }
        return results
    }

    /// Every invariant over `log` and `databases`, without waiting.
    public static func evaluate(
        _ log: CallLogContents,
        _ databases: ServiceDatabases,
        explained: [DeadLetterReason] = []
    ) throws -> [InvariantResult] {
        let journal = SandboxJournalContents(path: databases.file("payments-sandbox.jsonl"))
        return [
            try WritesExist.check(log, databases),
            try MoneyMovedOnce.check(databases, journal: journal),
            try CapturedOnce.check(databases),
            try BooksBalance.check(databases),
            try OutboxesDrained.check(databases, explained: explained),
            try FeedsWhole.check(log, databases),
        ]
    }
}
