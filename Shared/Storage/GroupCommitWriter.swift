internal import GRDB
internal import Metrics
import Synchronization

/// Runs write requests on the pool's single writer connection, many per transaction.
///
/// Each batch is one `BEGIN IMMEDIATE … COMMIT` with a savepoint per request: a request that
/// throws is rolled back to its savepoint and gets its own error, the others commit together
/// and share one fsync. Batches run on GRDB's writer dispatch queue (scheduled with
/// `asyncWriteWithoutTransaction`), so no Swift concurrency thread ever waits for SQLite, and
/// the lock here is held only to move requests in and out of the queue.
///
/// Cancelling a caller does not withdraw its queued write: it runs and the caller gets the outcome,
/// so a write the caller gave up on is never half known.
final class GroupCommitWriter: Sendable {
    /// Resumes a caller once its batch's outcome is known; `commitError` is nil if the batch committed.
    typealias Completion = @Sendable (_ commitError: (any Error)?) -> Void

    /// One caller's write, type-erased so requests of different result types share a batch.
    struct Request: Sendable {
        /// Runs the body inside its own savepoint; returns whether it succeeded and how to resume the caller.
        var run: @Sendable (Database) -> (succeeded: Bool, complete: Completion)
        /// Fails the caller without running the body.
        var reject: @Sendable (any Error) -> Void
    }

    private struct State {
        var machine: GroupCommitStateMachine<Request>
        var statistics = StorageStatistics()
    }

    private let pool: DatabasePool
    private let state: Mutex<State>
    private let commitDuration = Timer(label: "quad_storage_commit_duration")
    private let batchSize = Recorder(label: "quad_storage_batch_size")

    /// Creates a writer over the pool's writer connection.
    init(pool: DatabasePool, maxBatchSize: Int) {
        self.pool = pool
        self.state = Mutex(State(machine: GroupCommitStateMachine(maxBatchSize: maxBatchSize)))
    }

    /// A snapshot of the counters.
    var statistics: StorageStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.pendingRequests = state.machine.pendingCount
            return statistics
        }
    }

    /// Queues `body` for the next batch and returns its result once the batch committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let request = Request(
                run: { db in
                    let result = Result { () throws -> T in
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        // inSavepoint runs the closure once and rethrows its error, so value is set here.
                        guard let value else { preconditionFailure("savepoint body did not run") }
                        return value
                    }
                    // Not `try? result.get() != nil`: a body may well return nil.
                    let succeeded: Bool
                    if case .success = result { succeeded = true } else { succeeded = false }
                    return (
                        succeeded,
                        { commitError in
                            // The request's own error is the more precise one when it failed anyway.
                            if succeeded, let commitError {
                                continuation.resume(throwing: commitError)
                            } else {
                                continuation.resume(with: result)
                            }
                        }
                    )
                },
                reject: { continuation.resume(throwing: $0) }
            )
            let action = state.withLock { $0.machine.enqueue(request) }
            switch action {
            case .scheduleBatch:
                scheduleBatch()
            case .none:
                break
            case .reject(let request):
                request.reject(Self.closedError)
            }
        }
    }

    /// Refuses new requests and fails the queued ones. A batch already running finishes.
    func close() {
        let refused = state.withLock { $0.machine.close() }
        for request in refused {
            request.reject(Self.closedError)
        }
    }

    private static let closedError = StorageError(
        code: .closed,
        message: "the database is closed; open a new QuadDatabase to write again"
    )

    private func scheduleBatch() {
        pool.asyncWriteWithoutTransaction { db in
            self.runBatch(db)
        }
    }

    /// Runs on the writer connection's dispatch queue.
    private func runBatch(_ db: Database) {
        let batch = state.withLock { $0.machine.nextBatch() }
        if !batch.isEmpty {
            batchSize.record(batch.count)
            let outcome = commit(batch, in: db)
            state.withLock { state in
                state.statistics.transactionsCommitted += outcome.transactionsCommitted
                state.statistics.requestsCommitted += outcome.requestsCommitted
                state.statistics.requestsFailed += batch.count - outcome.requestsCommitted
            }
            // Resume callers only once the counters include their batch.
            for resume in outcome.resumptions {
                resume()
            }
        }
        let next = state.withLock { $0.machine.batchCompleted() }
        if case .scheduleBatch = next {
            // Scheduled rather than looped, so other users of the writer connection get a turn.
            scheduleBatch()
        }
    }

    private struct BatchOutcome {
        var resumptions: [() -> Void] = []
        var requestsCommitted = 0
        var transactionsCommitted = 0
    }

    /// Runs the batch in one transaction, or in several if SQLite aborts one midway.
    private func commit(_ batch: [Request], in db: Database) -> BatchOutcome {
        var outcome = BatchOutcome()
        var index = batch.startIndex
        while index < batch.endIndex {
            do {
                try db.beginTransaction(.immediate)
            } catch {
                let failure = StorageError(
                    code: .commitFailed,
                    message: "could not begin the batch transaction; the write was not applied",
                    underlying: error
                )
                for request in batch[index...] {
                    outcome.resumptions.append { request.reject(failure) }
                }
                return outcome
            }
            var ran: [(succeeded: Bool, complete: Completion)] = []
            var aborted = false
            while index < batch.endIndex, !aborted {
                ran.append(batch[index].run(db))
                index += 1
                // SQLite rolls a whole transaction back on some errors (disk full, I/O error):
                // then the earlier requests of this transaction lost their work too.
                aborted = !db.isInsideTransaction
            }
            let commitError: (any Error)?
            if aborted {
                commitError = StorageError(
                    code: .transactionAborted,
                    message: "SQLite aborted the batch transaction; the write was not applied and can be retried"
                )
            } else {
                commitError = commitTransaction(db)
            }
            if commitError == nil {
                outcome.transactionsCommitted += 1
                outcome.requestsCommitted += ran.count(where: \.succeeded)
            }
            for request in ran {
                outcome.resumptions.append { request.complete(commitError) }
            }
        }
        return outcome
    }

    /// Commits, recording how long the COMMIT (the fsync) took; on failure rolls back and
    /// returns the error every request of the transaction gets.
    private func commitTransaction(_ db: Database) -> (any Error)? {
        let start = ContinuousClock.now
        do {
            try db.commit()
            commitDuration.record(duration: ContinuousClock.now - start)
            return nil
        } catch {
            try? db.rollback()
            return StorageError(
                code: .commitFailed,
                message: "the batch could not commit; none of its writes were applied, retrying is safe",
                underlying: error
            )
        }
    }
}
