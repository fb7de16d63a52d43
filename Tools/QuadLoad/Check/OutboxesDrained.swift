import Foundation
import GRDB

/// **outboxes-drained**: once the system is idle every service's `quad_outbox` is empty, and every dead letter
/// still dead (`quad_dead_letter` not replayed) has an explained reason: its destination, topic and status match one
/// of ``DeadLetterReason``s given (none by default: a load run should leave none).
public enum OutboxesDrained {
    public static let name = "outboxes-drained"

    /// The rows still in every outbox, by service.
    static let pendingSQL =
        "SELECT id, destination, topic, attempts, COALESCE(last_error, '') FROM quad_outbox ORDER BY id"
    /// The dead letters still dead.
    static let deadSQL = """
        SELECT id, destination, topic, status, last_error FROM quad_dead_letter WHERE replayed_at IS NULL ORDER BY id
        """

    /// How many messages every outbox holds in all.
    public static func pending(_ databases: ServiceDatabases) throws -> Int {
        var count = 0
        for service in databases.databases.keys where try databases.has("quad_outbox", in: service) {
            count +=
                try databases.read(service) { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quad_outbox") ?? 0 }
                ?? 0
        }
        return count
    }

    /// Waits up to `timeout` for every outbox to be empty, looking every `interval`; returns how many are left.
    public static func waitUntilDrained(
        _ databases: ServiceDatabases,
        timeout: Duration,
        interval: Duration = .milliseconds(250)
    ) async throws -> Int {
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = try pending(databases)
            if left == 0 || ContinuousClock.now >= deadline { return left }
            try await Task.sleep(for: interval)
        }
    }

    /// Checks every service's outbox and dead letters, `explained` being the dead letters' allowed reasons.
    public static func check(_ databases: ServiceDatabases, explained: [DeadLetterReason] = []) throws
        -> InvariantResult
    {
        var result = InvariantResult(name: name)
        for service in databases.databases.keys.sorted() where try databases.has("quad_outbox", in: service) {
            let rows = try databases.read(service) { try Row.fetchAll($0, sql: pendingSQL) } ?? []
            result.checked += 1
            for row in rows {
                let (id, destination, topic, attempts, error): (Int64, String, String, Int, String) = (
                    row[0], row[1], row[2], row[3], row[4]
                )
                result.violations.append(
                    "\(service) outbox message \(id) (\(topic) to \(destination)) undelivered after \(attempts) attempts"
                        + (error.isEmpty ? "" : ": \(error)")
                )
            }
            guard try databases.has("quad_dead_letter", in: service) else { continue }
            let dead = try databases.read(service) { try Row.fetchAll($0, sql: deadSQL) } ?? []
            for row in dead {
                result.checked += 1
                let (id, destination, topic, status, error): (Int64, String, String, String, String) = (
                    row[0], row[1], row[2], row[3], row[4]
                )
                let letter = "\(service) dead letter \(id) (\(topic) to \(destination), \(status): \(error))"
                if let reason = explained.first(where: {
                    $0.explains(destination: destination, topic: topic, status: status)
                }) {
                    result.notes.append("\(letter) explained by \(reason)")
                } else {
                    result.violations.append("\(letter) unexplained")
                }
            }
        }
        return result
    }
}

/// A reason a dead letter is allowed: `destination:topic:STATUS`, each part `*` for any
/// (`quad-load check --explained 'payments:account.deleted:NOT_FOUND'`).
public struct DeadLetterReason: Sendable, Hashable, CustomStringConvertible {
    public var destination: String
    public var topic: String
    public var status: String

    /// Parses `destination:topic:STATUS`; `nil` when it has not three parts.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        (destination, topic, status) = (parts[0], parts[1], parts[2])
    }

    func explains(destination: String, topic: String, status: String) -> Bool {
        [(self.destination, destination), (self.topic, topic), (self.status, status)].allSatisfy {
            $0.0 == "*" || $0.0 == $0.1
        }
    }

    public var description: String { "\(destination):\(topic):\(status)" }
}
