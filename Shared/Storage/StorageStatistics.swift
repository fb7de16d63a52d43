/// Counters of a database's group-commit writer since it was opened.
public struct StorageStatistics: Sendable, Equatable {
    /// Batch transactions that committed.
    public var transactionsCommitted: Int = 0
    /// Write requests whose work was committed.
    public var requestsCommitted: Int = 0
    /// Write requests that failed: their body threw, or their batch could not commit.
    public var requestsFailed: Int = 0
    /// Write requests queued for the next batch, not yet running.
    public var pendingRequests: Int = 0

    /// Creates zeroed counters.
    public init() {}
}
