import MatchingDomain
import Testing
import QuadTestSupport

/// Random operations on one dorm's queue, checking after every step the rules ``ZoneQueue`` promises (see
/// ``checkInvariants()``) against a model built from nothing but the events it returned.
///
/// A good share of operations are drawn to be refused: answering someone else's offer, an expired or unknown one,
/// asking while offline, queueing a job twice, cancelling one that left. A refused operation must leave the queue as
/// it was; ``successes`` and ``refusals`` count both per operation, so a test can see neither kind was missing.
struct MatchingSimulation {
    enum Operation: String, CaseIterable {
        case startAccepting, stopAccepting, submit, requestJob, accept, decline, expireOffers, requeue, cancel
        case clearPreference, offerBatch

        /// How often the operation is drawn, relative to the others: dashers ask and answer most.
        var weight: Int {
            switch self {
            case .requestJob, .accept: 6
            case .submit, .decline, .cancel: 4
            case .offerBatch, .expireOffers: 1
            default: 2
            }
        }
    }

    private static let draws = Operation.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    /// Dashers; two of them also submit jobs as customers.
    static let dashers = (0..<8).map { "dasher_\($0)" }
    static let customers = ["cus_1", "cus_2", "cus_3", "dasher_0", "dasher_1"]

    private var random: SeededGenerator
    private(set) var now = newYear
    private(set) var queue = ZoneQueue(configuration: MatchingConfiguration(offerTimeout: 45 * second))
    /// Jobs that left the queue with an accepted offer, with matching's record and who accepted.
    private var accepted: [String: (record: WaitingJob, dasher: String)] = [:]
    private var cancelled: Set<String> = []
    private(set) var submitted: Set<String> = []
    /// The open offers according to the events, by job.
    private var modelOffers: [String: Offer] = [:]
    /// Every (job, dasher) pair ever offered.
    private var offeredPairs: Set<[String]> = []
    /// Dashers each job must never be offered to again, according to the events.
    private var ruledOut: [String: Set<String>] = [:]
    private var nextJob = 0
    private(set) var successes: [Operation: Int] = [:]
    private(set) var refusals: [Operation: Int] = [:]
    private(set) var eventCounts: [String: Int] = [:]
    /// The most jobs the queue held at once.
    private(set) var longestQueue = 0
    /// Issues recorded so far; the run stops reporting after a few, so one bug does not bury the output.
    private(set) var issues = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Moves the clock on, runs one random operation and checks every invariant.
    mutating func step() {
        now += Int64.random(in: 0...(25 * second), using: &random)
        let operation = Self.draws.randomElement(using: &random)!
        let before = queue
        do {
            let events = try run(operation)
            successes[operation, default: 0] += 1
            apply(events)
            checkInvariants(afterSuccessAt: now)
            longestQueue = max(longestQueue, queue.jobs.count)
        } catch {
            refusals[operation, default: 0] += 1
            if queue != before { report("a refused \(operation) changed the queue") }
        }
    }

    // MARK: Operations

    /// Runs `operation` on the queue with arguments drawn at random, some of them wrong on purpose.
    private mutating func run(_ operation: Operation) throws(MatchingError) -> [MatchingEvent] {
        switch operation {
        case .startAccepting:
            return try queue.startAccepting(dasher: chance(5) ? " " : pickDasher(), now: now)
        case .stopAccepting:
            return try queue.stopAccepting(dasher: chance(5) ? "" : pickDasher(), now: now)
        case .submit:
            return try submit()
        case .requestJob:
            let dasher = pickDasher()
            let (answer, events) = try queue.requestJob(dasher: dasher, now: now)
            if case .offer(let offer) = answer, offer.dasher != dasher {
                report("\(dasher) got \(offer.dasher)'s offer")
            }
            return events
        case .accept, .decline:
            let (id, dasher) = pickAnswer()
            return operation == .accept
                ? try queue.accept(offer: id, dasher: dasher, now: now)
                : try queue.decline(offer: id, dasher: dasher, now: now)
        case .expireOffers:
            return queue.expireOffers(now: now)
        case .requeue:
            guard let id = accepted.keys.sorted().randomElement(using: &random), let taken = accepted[id] else {
                // Nothing to send back: a job still queued, which must be refused.
                return try queue.requeue(job: queue.jobs.first ?? job("job_x"), excluding: "cus_1", now: now)
            }
            let events = try queue.requeue(job: taken.record, excluding: taken.dasher, now: now)
            accepted[id] = nil
            return events
        case .cancel:
            let id = chance(20) ? "job_\(Int.random(in: 0...(nextJob + 2), using: &random))" : pickJob()
            return try queue.cancel(job: id, now: now)
        case .clearPreference:
            let id = pickJob()
            let customer = chance(20) ? "cus_9" : (queue.job(id)?.customer ?? "cus_1")
            return try queue.clearPreference(job: id, customer: customer, now: now)
        case .offerBatch:
            let availability = Dictionary(
                uniqueKeysWithValues: Self.dashers.map {
                    ($0, now + Int64.random(in: 0...(30 * minute), using: &random))
                }
            )
            return queue.offerBatch(availability: availability, now: now)
        }
    }

    /// Queues a new job (or, now and then, one already queued) and offers it to its preferred dasher, as the service
    /// does in one transaction.
    private mutating func submit() throws(MatchingError) -> [MatchingEvent] {
        if chance(8), let existing = queue.jobs.first { return try queue.submit(existing, now: now) }
        let id = "job_\(nextJob)"
        let customer = Self.customers.randomElement(using: &random)!
        let preferred = chance(30) ? Self.dashers.randomElement(using: &random)! : nil
        let excluded = chance(20) ? Set([Self.dashers.randomElement(using: &random)!]) : []
        let submittedAt = now - Int64.random(in: 0...(2 * minute), using: &random)
        let new = job(id, customer: customer, at: submittedAt, preferring: preferred, excluding: excluded)
        var events = try queue.submit(new, now: now)
        nextJob += 1
        submitted.insert(id)
        if preferred != nil {
            // Cannot fail: the job was just queued with a preference.
            do { events += try queue.offerToPreferred(job: id, now: now) } catch {
                report("offerToPreferred: \(error)")
            }
        }
        return events
    }

    // MARK: The model

    /// Updates the model from `events`, reporting any event the rules forbid.
    private mutating func apply(_ events: [MatchingEvent]) {
        for event in events {
            eventCounts[name(of: event), default: 0] += 1
            switch event {
            case .offerMade(let offer):
                if modelOffers[offer.job] != nil { report("\(offer.job) offered while offered") }
                if !offeredPairs.insert([offer.job, offer.dasher]).inserted {
                    report("\(offer.job) offered to \(offer.dasher) twice")
                }
                if ruledOut[offer.job, default: []].contains(offer.dasher) || offer.dasher == offer.customer {
                    report("\(offer.job) offered to \(offer.dasher), whom it rules out")
                }
                modelOffers[offer.job] = offer
            case .offerAccepted(let offer, let record):
                closeModelOffer(offer)
                accepted[offer.job] = (record, offer.dasher)
            case .offerDeclined(let offer), .offerExpired(let offer):
                closeModelOffer(offer)
                ruledOut[offer.job, default: []].insert(offer.dasher)
            case .offerWithdrawn(let offer, let reason):
                closeModelOffer(offer)
                if reason == .dasherStoppedAccepting { ruledOut[offer.job, default: []].insert(offer.dasher) }
            case .jobRequeued(let job, _, let excluding):
                ruledOut[job, default: []].insert(excluding)
            case .jobCancelled(let job):
                cancelled.insert(job)
            case .jobQueued(let job, let customer):
                for dasher in queue.job(job)?.excludedDashers ?? [] { ruledOut[job, default: []].insert(dasher) }
                ruledOut[job, default: []].insert(customer)
            case .dasherStartedAccepting, .dasherStoppedAccepting, .preferredDasherUnavailable:
                break
            }
        }
    }

    private mutating func closeModelOffer(_ offer: Offer) {
        if modelOffers.removeValue(forKey: offer.job) != offer { report("\(offer.id) closed but was not open") }
    }

    /// The rules ``ZoneQueue`` promises, checked against the queue and the model after an operation succeeded at `now`.
    private mutating func checkInvariants(afterSuccessAt now: Int64) {
        let offers = queue.openOffers
        if Set(offers.map(\.job)).count != offers.count { report("a job offered to two dashers") }
        if Set(offers.map(\.dasher)).count != offers.count { report("a dasher holding two offers") }
        if Dictionary(uniqueKeysWithValues: offers.map { ($0.job, $0) }) != modelOffers {
            report("the open offers differ from what the events said")
        }
        for offer in offers {
            guard let job = queue.job(offer.job) else { report("\(offer.id) is of a job not in the queue"); continue }
            if !queue.isAccepting(offer.dasher) { report("\(offer.id) held by \(offer.dasher), not accepting") }
            if !job.mayBeOffered(to: offer.dasher) { report("\(offer.id) held by \(offer.dasher), ruled out") }
            if !offer.isOpen(at: now) { report("\(offer.id) left open past its expiry") }
            if queue.offer(heldBy: offer.dasher) != offer { report("\(offer.dasher)'s offer is not \(offer.id)") }
        }
        let ids = queue.jobs.map(\.id)
        let waiting = Set(ids)
        if waiting.count != ids.count { report("a job twice in the queue") }
        if zip(queue.jobs, queue.jobs.dropFirst()).contains(where: { ($0.submittedAt, $0.id) > ($1.submittedAt, $1.id) }
        ) {
            report("the queue is out of submission order")
        }
        for id in submitted {
            let places = [waiting.contains(id), accepted[id] != nil, cancelled.contains(id)].filter { $0 }.count
            if places != 1 { report("job \(id) is in \(places) of waiting, accepted and cancelled") }
        }
        for job in queue.jobs {
            guard let dasher = job.preferredDasher, queue.standing(ofJob: job.id) == .keptFor(dasher: dasher) else {
                continue
            }
            // A kept job waits only for an accepting dasher busy with another offer.
            if !queue.isAccepting(dasher) || queue.offer(heldBy: dasher) == nil {
                report("\(job.id) kept for \(dasher), who could take it or is gone")
            }
        }
    }

    // MARK: Drawing

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    private mutating func pickDasher() -> String {
        Self.dashers.randomElement(using: &random)!
    }

    private mutating func pickJob() -> String {
        queue.jobs.randomElement(using: &random)?.id ?? "job_0"
    }

    /// An offer id and a dasher to answer it with: mostly an open offer and its dasher, sometimes the wrong dasher,
    /// an unknown id, or an offer answered late.
    private mutating func pickAnswer() -> (id: String, dasher: String) {
        guard let offer = queue.openOffers.randomElement(using: &random) else { return ("job_0#1", pickDasher()) }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return (offer.id, pickDasher())
        case 1: return (offer.id + "0", offer.dasher)
        default: return (offer.id, offer.dasher)
        }
    }

    private func name(of event: MatchingEvent) -> String {
        String(describing: event).prefix { $0 != "(" }.description
    }

    private mutating func report(_ problem: String) {
        issues += 1
        if issues <= 5 { Issue.record("at \(now - newYear) µs: \(problem)") }
    }
}
