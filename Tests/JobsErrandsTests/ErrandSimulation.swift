import JobsErrands
import QuadTestSupport
import Testing

/// Random operations by random people on a stream of errands, checking after every step that no rule was broken:
/// a refused operation leaves the errand as it was; a successful one adds to the timeline without going back in time;
/// nothing calls off an errand once bought or after acceptance without the buyer's agreement; nothing is delivered
/// while items above their maximum wait for approval; a capture above the hold was approved.
struct ErrandSimulation {
    enum Operation: String, CaseIterable {
        case assign, rejectBuyer, agreeToCancel, recordPurchase, approvePurchase, deliver, cancel, review

        /// How often the operation is drawn, relative to the others: the ones that move an errand on most.
        var weight: Int {
            switch self {
            case .rejectBuyer, .cancel, .agreeToCancel: 1
            case .approvePurchase, .review: 2
            case .assign, .recordPurchase, .deliver: 4
            }
        }
    }

    /// Who tries an operation, relative to the errand.
    enum Actor: CaseIterable {
        case requester, assignedBuyer, otherBuyer, stranger
    }

    private static let draws = Operation.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    private static let buyers = ["buyer_1", "buyer_2", "buyer_3"]

    private var random: SeededGenerator
    private(set) var now = newYear
    private(set) var errands: [Errand] = []
    private(set) var successes: [Operation: Int] = [:]
    private(set) var refusals: [Operation: Int] = [:]
    private(set) var issues = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Moves the clock on, runs one random operation by a random person on one of the newest errands, and checks.
    mutating func step() {
        now += Int64.random(in: 0...hour, using: &random)
        if errands.isEmpty || Int.random(in: 0..<30, using: &random) == 0 {
            let posted = request(jobID: "errand_\(errands.count)", neededBy: now + 48 * hour)
            do {
                errands.append(try Errand.submit(posted, now: now).job)
            } catch {
                record("a valid request was refused: \(error)")
            }
            return
        }
        let index = Int.random(in: max(0, errands.count - 4)..<errands.count, using: &random)
        let operation = Self.draws.randomElement(using: &random)!
        let before = errands[index]
        let actor = id(of: Actor.allCases.randomElement(using: &random)!, on: before)
        let at = Int.random(in: 0..<30, using: &random) == 0 ? before.lastChangeAt - 1 : now
        var after = before
        do {
            let events = try run(operation, by: actor, on: &after, at: at)
            successes[operation, default: 0] += 1
            check(operation, before: before, after: after, events: events)
            errands[index] = after
        } catch {
            refusals[operation, default: 0] += 1
            if after != before { record("a refused \(operation) changed errand \(before.id)") }
        }
    }

    private mutating func run(_ operation: Operation, by actor: String, on errand: inout Errand, at: Int64) throws
        -> [ErrandEvent]
    {
        switch operation {
        case .assign: return try errand.assign(worker: actor, at: at)
        case .rejectBuyer: return try errand.rejectWorker(by: actor, at: at)
        case .agreeToCancel: return try errand.agreeToCancel(by: actor, at: at)
        case .recordPurchase:
            let purchase = Bool.random(using: &random) ? withinMaxima : breadAboveMaximum
            return try errand.recordPurchase(by: actor, purchase, at: at)
        case .approvePurchase: return try errand.approvePurchase(by: actor, at: at)
        case .deliver: return try errand.deliver(by: actor, at: at)
        case .cancel: return try errand.cancel(by: actor, at: at)
        case .review:
            return try errand.review(by: actor, stars: Int.random(in: 0...5, using: &random), text: nil, at: at)
        }
    }

    /// The rules a successful operation must have kept.
    private mutating func check(_ operation: Operation, before: Errand, after: Errand, events: [ErrandEvent]) {
        if after.timeline.count <= before.timeline.count || after.lastChangeAt < before.lastChangeAt {
            record("\(operation) on \(before.id) did not add to its timeline in time order")
        }
        if events.isEmpty { record("\(operation) on \(before.id) returned no event") }
        if case .cancelled = after.status, before.status == .active {
            if before.stage > .accepted || (before.stage == .accepted && before.cancellationAgreedAt == nil) {
                record("\(before.id) was cancelled at \(before.stage) without the buyer's agreement")
            }
        }
        for case .completed(let completion) in events {
            if before.isAwaitingPurchaseApproval { record("\(before.id) was delivered awaiting approval") }
            if let hold = after.request.holdTotal, completion.total.minorUnits > hold.minorUnits,
                after.purchaseApprovedAt == nil
            {
                record("\(before.id) captured \(completion.total) above its hold \(hold) unapproved")
            }
        }
    }

    /// The id of `actor` for `errand`: its requester, its buyer (or a buyer when none), another buyer, a stranger.
    private mutating func id(of actor: Actor, on errand: Errand) -> String {
        switch actor {
        case .requester: errand.requester
        case .assignedBuyer: errand.buyer ?? Self.buyers.randomElement(using: &random)!
        case .otherBuyer: Self.buyers.filter { $0 != errand.buyer }.randomElement(using: &random)!
        case .stranger: strangerID
        }
    }

    private mutating func record(_ issue: String) {
        issues += 1
        if issues <= 5 { Issue.record(Comment(rawValue: issue)) }
    }
}
