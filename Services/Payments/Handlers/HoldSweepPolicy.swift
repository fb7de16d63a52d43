public import QuadContracts

/// What the sweep does with a hold that `job.posted` never confirmed (a hold never outlives its job, DESIGN.md),
/// decided from jobs' answer alone so it is tested without a network or a clock.
public struct HoldSweepPolicy: Sendable, Hashable {
    /// What to do with one unconfirmed hold.
    public enum Verdict: Sendable, Hashable {
        /// The job is there: the hold is its; stop asking.
        case confirm
        /// Let the hold go: the job does not exist, or was cancelled and leaves nothing to pay.
        case release(reason: String)
        /// Jobs answered something this sweep does not understand: ask again next time.
        case keep
    }

    /// How long a hold may wait for `job.posted` before jobs is asked about it, in microseconds.
    public var grace: Int64

    /// A policy that asks about holds older than `grace` microseconds.
    public init(grace: Int64) {
        self.grace = grace
    }

    /// The latest placing time of a hold old enough to be asked about at `now`.
    public func askAboutHoldsPlaced(before now: Int64) -> Int64 {
        now - grace
    }

    /// The verdict on a hold of `jobID` given jobs' `status` of it.
    public func verdict(jobID: String, status: Quad_Jobs_V1_JobStatus) -> Verdict {
        guard status.exists else { return .release(reason: "job \(jobID) does not exist at jobs") }
        switch status.status {
        case .cancelled: return .release(reason: "job \(jobID) was cancelled")
        case .open, .completed: return .confirm
        case .unspecified, .UNRECOGNIZED: return .keep
        }
    }
}
