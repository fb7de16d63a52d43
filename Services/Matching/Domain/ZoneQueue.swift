/// One zone's matching as a state machine (L2–L6), for any product: which workers (laundry's dashers) are accepting
/// requests, which jobs wait for a worker in submission order, and which of them are offered to whom until when. A
/// dorm is laundry's zone. The queue never reads what a job is: the service keeps each job's ``Listing`` beside it,
/// and the product's module (``MatchingProduct``) reads it; the queue's words are laundry's (dasher), its first
/// product's.
///
/// Each job in the queue stands in one of three ways (``JobStanding``): waiting for any dasher it allows, kept for
/// the dasher its customer asked for by name, or offered to one dasher. The rules the queue keeps after every
/// operation, whatever order operations arrive in:
/// - a job is offered to at most one dasher at a time, and a dasher holds at most one offer;
/// - a job is never offered to its own customer, to a dasher the customer excluded, or to a dasher who declined it,
///   let an offer of it expire or walked away from one by going offline;
/// - only accepting dashers hold offers, and no offer is left open past its expiry by a successful operation.
///
/// Every operation is a `mutating` method that checks everything first and either throws a ``MatchingError``,
/// leaving the queue exactly as it was, or changes it and returns the ``MatchingEvent``s saying what happened, in
/// order. Every operation that takes `now` first expires the offers due at `now` (their events come first), so the
/// answer never depends on whether the service's timer ran ``expireOffers(now:)`` a moment ago; only a refused
/// operation leaves an expired offer for the next one. The service works on a copy, stores it with the messages the
/// events call for in one transaction, and serializes the operations of one dorm (one writer per dorm), which is
/// what makes "two dashers asking at once never get the same job" hold across requests.
public struct ZoneQueue: Sendable, Hashable {
    /// How a job stands in the queue.
    public enum JobStanding: Sendable, Hashable {
        /// Any dasher the job allows may be offered it.
        case waiting
        /// Kept for the dasher the customer asked for until it can be offered to them: they hold another offer, or
        /// ``ZoneQueue/offerToPreferred(job:now:)`` has not run yet. It is offered to them as soon as their other
        /// offer ends, or when they ask for a job.
        case keptFor(dasher: String)
        /// Offered to one dasher.
        case offered(Offer)
    }

    /// How offers are made.
    public let configuration: MatchingConfiguration
    /// The dashers accepting requests, with the instant each turned it on.
    public internal(set) var acceptingSince: [String: Int64]
    /// The jobs waiting, offered or kept for a preferred dasher, oldest first.
    public internal(set) var jobs: [WaitingJob]
    /// The open offers, by job id.
    internal var offersByJob: [String: Offer]
    /// The job each dasher holds an offer of, by dasher id; the reverse of ``offersByJob``.
    internal var offeredJobByDasher: [String: String]

    /// An empty queue: no one accepting, nothing waiting.
    public init(configuration: MatchingConfiguration = .defaults) {
        self.configuration = configuration
        acceptingSince = [:]
        jobs = []
        offersByJob = [:]
        offeredJobByDasher = [:]
    }

    /// The dashers accepting requests, longest accepting first (L2: what a customer's list of the dorm's dashers
    /// shows, with names and ratings from identity and jobs).
    public var acceptingDashers: [String] {
        acceptingSince.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
    }

    /// Whether `dasher` is accepting requests.
    public func isAccepting(_ dasher: String) -> Bool {
        acceptingSince[dasher] != nil
    }

    /// The open offers, in queue order of their jobs.
    public var openOffers: [Offer] {
        jobs.compactMap { offersByJob[$0.id] }
    }

    /// The open offers by job id: ``openOffers`` without walking the queue (a store compares two queues' offers
    /// with it in time proportional to the offers, not to the jobs).
    public var openOffersByJob: [String: Offer] {
        offersByJob
    }

    /// The open offer `dasher` holds, if any.
    public func offer(heldBy dasher: String) -> Offer? {
        offeredJobByDasher[dasher].flatMap { offersByJob[$0] }
    }

    /// The job `id` if it is in the queue.
    public func job(_ id: String) -> WaitingJob? {
        jobs.first { $0.id == id }
    }

    /// How job `id` stands, or `nil` when it is not in the queue.
    public func standing(ofJob id: String) -> JobStanding? {
        guard let job = job(id) else { return nil }
        if let offer = offersByJob[id] { return .offered(offer) }
        if let dasher = job.preferredDasher { return .keptFor(dasher: dasher) }
        return .waiting
    }
}
