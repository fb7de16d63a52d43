/// A waiting job offered to one dasher until ``expiresAt`` (L3, L4).
///
/// While an offer is open its job is offered to no one else and its dasher gets no other offer: ``ZoneQueue`` keeps
/// at most one open offer per job and per dasher. The offer ends when the dasher accepts it (the job leaves the
/// queue), declines it or lets it expire (the job goes back and is never offered to that dasher again), or when it is
/// withdrawn (the customer cancelled, the dasher stopped accepting requests).
public struct Offer: Sendable, Hashable {
    /// The offer's id: the job's id, `#`, and the job's offer count (`job_1#2` is the second offer of `job_1`). Unique
    /// for as long as job ids are, with no counter to store beside the job's own.
    public let id: String
    /// The job offered.
    public let job: String
    /// The job's customer, so the service can tell them about a preferred dasher without a lookup.
    public let customer: String
    /// The dasher it is offered to: the only one who may accept or decline it.
    public let dasher: String
    /// When the offer was made (UTC microseconds).
    public let offeredAt: Int64
    /// When the offer expires: from this instant on it can no longer be accepted. `offeredAt` plus the configured
    /// timeout, held at `Int64.max` rather than refused for an offer made at the end of representable time.
    public let expiresAt: Int64

    /// An offer as made or as read back from storage; ``ZoneQueue`` checks it against its job when restoring.
    public init(id: String, job: String, customer: String, dasher: String, offeredAt: Int64, expiresAt: Int64) {
        self.id = id
        self.job = job
        self.customer = customer
        self.dasher = dasher
        self.offeredAt = offeredAt
        self.expiresAt = expiresAt
    }

    /// Whether the offer can still be answered at `now`.
    public func isOpen(at now: Int64) -> Bool {
        now < expiresAt
    }

    /// The id of offer number `number` of `job`.
    static func id(job: String, number: Int) -> String {
        "\(job)#\(number)"
    }
}
