/// Whether a job is still going: the core's part of every product's state.
public enum JobStatus: Sendable, Hashable {
    /// Submitted and neither cancelled nor completed.
    case active
    /// Cancelled by the customer at `at` (UTC microseconds).
    case cancelled(at: Int64)
    /// Completed at `at` (laundry: dropped off).
    case completed(at: Int64)
}
