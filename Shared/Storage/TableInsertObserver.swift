internal import GRDB
import Synchronization

/// Watches the writer connection for commits that inserted into one table, and signals after
/// each one, so a new outbox message or logged event is picked up without waiting for a poll.
final class TableInsertObserver: TransactionObserver, Sendable {
    private let table: String
    private let signal: CommitSignal
    /// Whether the current transaction inserted a row. Touched on the writer queue only;
    /// the mutex makes that provable to the compiler.
    private let enqueued = Mutex(false)

    /// Creates an observer of inserts into `table` that notifies `signal`.
    init(table: String, signal: CommitSignal) {
        self.table = table
        self.signal = signal
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .insert(let tableName) = eventKind {
            return tableName == table
        }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) {
        enqueued.withLock { $0 = true }
    }

    func databaseDidCommit(_ db: Database) {
        // A row inserted in a savepoint that was rolled back still wakes the waiters: harmless,
        // they find nothing new.
        let wake = enqueued.withLock { value in
            defer { value = false }
            return value
        }
        if wake { signal.notify() }
    }

    func databaseDidRollback(_ db: Database) {
        enqueued.withLock { $0 = false }
    }
}
