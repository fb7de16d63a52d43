/// The group-commit writer's bookkeeping, with no I/O: which requests wait, whether a batch
/// is scheduled, whether the database is closed.
///
/// At most one batch is scheduled or running at a time. Requests that arrive while it runs
/// wait here and form the next batch, so a busy writer commits many requests per fsync and
/// an idle one commits a lone request at once.
struct GroupCommitStateMachine<Request> {
    private enum State {
        /// No batch scheduled; the queue is empty.
        case idle
        /// A batch is scheduled on the writer connection or running there.
        case running
        /// The database is closed; every request is refused.
        case closed
    }

    /// What the writer does after a request was offered.
    enum EnqueueAction {
        /// The writer was idle: schedule a batch on the writer connection.
        case scheduleBatch
        /// A batch is already scheduled; the request joins the next one.
        case none
        /// The database is closed: fail the request.
        case reject(Request)
    }

    /// What the writer does after a batch finished.
    enum BatchCompletedAction {
        /// Requests arrived meanwhile: schedule the next batch.
        case scheduleBatch
        /// Nothing waits: the writer is idle.
        case none
    }

    private var state: State = .idle
    private var pending: [Request] = []
    private let maxBatchSize: Int

    /// Creates an idle state machine whose batches hold at most `maxBatchSize` requests.
    init(maxBatchSize: Int) {
        self.maxBatchSize = max(1, maxBatchSize)
    }

    /// The number of requests waiting for a batch.
    var pendingCount: Int { pending.count }

    /// A write request arrived.
    mutating func enqueue(_ request: Request) -> EnqueueAction {
        switch state {
        case .idle:
            pending.append(request)
            state = .running
            return .scheduleBatch
        case .running:
            pending.append(request)
            return .none
        case .closed:
            return .reject(request)
        }
    }

    /// The scheduled batch starts on the writer connection: takes its requests, oldest first.
    mutating func nextBatch() -> [Request] {
        switch state {
        case .running:
            let count = min(maxBatchSize, pending.count)
            let batch = Array(pending.prefix(count))
            pending.removeFirst(count)
            return batch
        case .idle, .closed:
            return []
        }
    }

    /// The running batch committed or failed, and its callers were resumed.
    mutating func batchCompleted() -> BatchCompletedAction {
        switch state {
        case .running:
            if pending.isEmpty {
                state = .idle
                return .none
            }
            return .scheduleBatch
        case .idle, .closed:
            return .none
        }
    }

    /// The database closes: returns the requests that never ran, to be failed.
    mutating func close() -> [Request] {
        state = .closed
        let refused = pending
        pending.removeAll()
        return refused
    }
}
