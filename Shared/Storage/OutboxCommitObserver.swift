internal import GRDB
import Synchronization

/// Watches the writer connection for commits that inserted into `quad_outbox`, and signals
/// the relay after each one, so a new message is delivered without waiting for a poll.
final class OutboxCommitObserver: TransactionObserver, Sendable {
    private let signal: OutboxSignal
    /// Whether the current transaction inserted a message. Touched on the writer queue only;
    /// the mutex makes that provable to the compiler.
    private let enqueued = Mutex(false)

    /// Creates an observer that notifies `signal`.
    init(signal: OutboxSignal) {
        self.signal = signal
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .insert(let tableName) = eventKind {
            return tableName == "quad_outbox"
        }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) {
        enqueued.withLock { $0 = true }
    }

    func databaseDidCommit(_ db: Database) {
        // A message enqueued in a savepoint that was rolled back still wakes the relay: harmless,
        // it finds nothing new.
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
