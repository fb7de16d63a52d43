/// An accepting dasher as the batch assignment sees them: who, and from when they can start a job.
public struct BatchDasher: Sendable, Hashable {
    /// The dasher's id.
    public let id: String
    /// The earliest instant they can start a new job (UTC microseconds): now for an idle dasher, later for one still
    /// busy with jobs they hold (L15), as the service estimates from the jobs service.
    public let availableAt: Int64

    /// Creates a dasher available from `availableAt`.
    public init(id: String, availableAt: Int64) {
        self.id = id
        self.availableAt = availableAt
    }
}
