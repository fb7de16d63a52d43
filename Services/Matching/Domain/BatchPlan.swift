/// Who takes which job in one batch (L16), and the total waiting time that plan leaves, as ``BatchAssignment`` defines
/// it; ``FirstComeFirstServed`` answers with the same type on the same input, so the two compare directly.
public struct BatchPlan: Sendable, Hashable {
    /// One job going to one dasher.
    public struct Assignment: Sendable, Hashable {
        /// The job.
        public let job: String
        /// The dasher who takes it.
        public let dasher: String
        /// When the dasher can start it: the latest of now, the job's ``WaitingJob/readyAt`` and the dasher's
        /// ``BatchDasher/availableAt``.
        public let startsAt: Int64

        /// Creates an assignment.
        public init(job: String, dasher: String, startsAt: Int64) {
            self.job = job
            self.dasher = dasher
            self.startsAt = startsAt
        }
    }

    /// The jobs given a dasher, in queue order.
    public let assignments: [Assignment]
    /// The jobs left waiting for a later batch, in queue order.
    public let unassignedJobs: [String]
    /// The dashers given no job, in the order they were passed.
    public let idleDashers: [String]
    /// The instant up to which jobs left waiting are counted as waiting: the latest start any allowed pairing of the
    /// batch could have (or now, when there is none).
    public let horizon: Int64
    /// The total waiting time of the dorm's jobs under this plan, in microseconds: for each job given a dasher, from
    /// its ``WaitingJob/readyAt`` to its start; for each job left waiting, from its ``WaitingJob/readyAt`` to
    /// ``horizon`` (nothing if that is later). `Int128`, so that no input, however odd, can overflow it.
    public let totalWaitingTime: Int128

    /// Creates a plan.
    public init(
        assignments: [Assignment],
        unassignedJobs: [String],
        idleDashers: [String],
        horizon: Int64,
        totalWaitingTime: Int128
    ) {
        self.assignments = assignments
        self.unassignedJobs = unassignedJobs
        self.idleDashers = idleDashers
        self.horizon = horizon
        self.totalWaitingTime = totalWaitingTime
    }
}
