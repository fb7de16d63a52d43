/// A laundry job waiting in its dorm's queue for a dasher, with what matching remembers about it.
///
/// The queue keeps its jobs in submission order (``submittedAt``, then ``id``): that order is what "the oldest waiting
/// job" of L3 means, and a job the customer sends back (L6) returns to its old place because it keeps its
/// ``submittedAt``. What matching learned while the job waited, who declined it and how many offers were made, stays
/// with the job: it leaves the queue with an accepted offer (see ``MatchingEvent/offerAccepted(_:job:)``), and the
/// service hands the same record back to ``ZoneQueue/requeue(job:excluding:now:)`` if the customer rejects the dasher,
/// so no decliner is ever offered it again.
public struct WaitingJob: Sendable, Hashable {
    /// The job's id, as the jobs service made it.
    public let id: String
    /// The customer who submitted the job; they can never be its dasher.
    public let customer: String
    /// When the customer submitted the job (UTC microseconds): its place in the queue.
    public let submittedAt: Int64
    /// The earliest pickup the customer asked for (L1), when it is later than submission; `nil` for "as soon as
    /// possible". Only the batch assignment uses it: a job is not kept waiting before it may be picked up.
    public let earliestPickup: Int64?
    /// The dasher the customer asked for by name (L5); while set, the job is kept for that dasher alone. It is
    /// cleared when that dasher declines, lets the offer expire or is not accepting, and when the customer clears it.
    public internal(set) var preferredDasher: String?
    /// Dashers the customer sent back or refused (L6): never offered this job.
    public internal(set) var excludedDashers: Set<String>
    /// Dashers who declined the job, let an offer of it expire or stopped accepting while holding it (L4): never
    /// offered this job again.
    public internal(set) var declinedBy: Set<String>
    /// How many offers of this job were made so far; the next offer's id ends with this count plus one.
    public internal(set) var offerCount: Int

    /// Creates a job record; a new job leaves `declinedBy` and `offerCount` at their defaults, a stored one passes
    /// what was stored. ``ZoneQueue`` checks the fields when the job enters the queue.
    public init(
        id: String,
        customer: String,
        submittedAt: Int64,
        earliestPickup: Int64? = nil,
        preferredDasher: String? = nil,
        excludedDashers: Set<String> = [],
        declinedBy: Set<String> = [],
        offerCount: Int = 0
    ) {
        self.id = id
        self.customer = customer
        self.submittedAt = submittedAt
        self.earliestPickup = earliestPickup
        self.preferredDasher = preferredDasher
        self.excludedDashers = excludedDashers
        self.declinedBy = declinedBy
        self.offerCount = offerCount
    }

    /// When the job could first be started: at submission, or at the earliest pickup the customer asked for if that
    /// is later. A job's waiting time runs from here (see ``BatchAssignment``).
    public var readyAt: Int64 {
        max(submittedAt, earliestPickup ?? submittedAt)
    }

    /// Whether `dasher` may ever be offered this job: not its customer, not excluded, not a decliner. A preference
    /// for another dasher is a separate restriction that passes (see ``mayBeOffered(to:)``).
    public func allows(_ dasher: String) -> Bool {
        dasher != customer && !excludedDashers.contains(dasher) && !declinedBy.contains(dasher)
    }

    /// Whether the job may be offered to `dasher` now: ``allows(_:)`` them, and the customer's preference names no
    /// one or names them.
    public func mayBeOffered(to dasher: String) -> Bool {
        allows(dasher) && (preferredDasher == nil || preferredDasher == dasher)
    }

    /// Queue order: older first, ids breaking ties so the order is total and the same after a restart.
    func isOlder(than other: WaitingJob) -> Bool {
        (submittedAt, id) < (other.submittedAt, other.id)
    }
}
