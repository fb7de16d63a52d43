import JobsLaundry
import Testing
import QuadTestSupport

/// Random operations by random people on a stream of laundry jobs, checking after every step that no rule was
/// broken (see ``checkStep(_:actor:before:after:succeeded:)`` and ``checkJob(_:)``).
///
/// The people are drawn so that a good share of operations must be refused: the customer, the assigned dasher,
/// another dasher and a stranger all try everything; moves go to random stages; reports, stars and descriptions are
/// sometimes wrong; some operations are dated before the job's last change. A refused operation must leave the job
/// as it was; ``successes`` and ``refusals`` count both per operation, so a test can see that neither was missing.
struct JobsSimulation {
    enum Operation: String, CaseIterable {
        case submit, assign, rejectDasher, advance, approveFinalPrice, cancel, review, openDispute

        /// How often the operation is drawn on an existing job, relative to the others: moves most, so that jobs
        /// get done; submissions are drawn apart (see ``step()``).
        var weight: Int {
            switch self {
            case .submit: 0
            case .rejectDasher, .cancel, .openDispute: 1
            case .assign, .approveFinalPrice, .review: 3
            case .advance: 8
            }
        }
    }

    /// Who tries an operation, relative to the job.
    enum Actor: CaseIterable {
        case customer, assignedDasher, otherDasher, stranger

        /// How often the actor is drawn: the job's own people most, so that jobs get done.
        var weight: Int {
            switch self {
            case .customer: 3
            case .assignedDasher: 4
            case .otherDasher, .stranger: 1
            }
        }
    }

    /// Every operation as many times as its weight, to draw from.
    private static let draws = Operation.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    /// Every actor as many times as its weight, to draw from.
    private static let actors = Actor.allCases.flatMap { Array(repeating: $0, count: $0.weight) }

    static let customers = ["cus_1", "cus_2", "cus_3"]
    static let dashers = ["dasher_1", "dasher_2", "dasher_3", "dasher_4"]

    private var random: SeededGenerator
    private(set) var now = newYear
    private(set) var jobs: [LaundryJob] = []
    private var nextID = 0
    private(set) var successes: [Operation: Int] = [:]
    private(set) var refusals: [Operation: Int] = [:]
    /// Refusals of operations dated before the job's last change.
    private(set) var refusedForTime = 0
    /// Issues recorded so far; the run stops reporting after a few, so one bug does not bury the output.
    private(set) var issues = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Moves the clock on, runs one random operation by a random person and checks every rule.
    mutating func step() {
        now += Int64.random(in: 0...(3 * hour), using: &random)
        if chance(1, in: 300) { now += 15 * day }
        // One submission in about 60 steps, and operations on the five newest jobs: each job gets about 60
        // operations, enough for many to run to the end.
        if jobs.isEmpty || chance(1, in: 60) {
            submit()
            return
        }
        let operation = Self.draws.randomElement(using: &random)!
        let index = Int.random(in: max(0, jobs.count - 5)..<jobs.count, using: &random)
        let before = jobs[index]
        let actor = Self.actors.randomElement(using: &random)!
        let actorID = id(of: actor, on: before)
        let backdated = chance(1, in: 25)
        let at = backdated ? before.lastChangeAt - 1 : max(now, before.lastChangeAt)
        var after = before
        let succeeded: Bool
        do {
            _ = try run(operation, by: actorID, on: &after, at: at)
            succeeded = true
            successes[operation, default: 0] += 1
            jobs[index] = after
        } catch {
            succeeded = false
            refusals[operation, default: 0] += 1
            if backdated { refusedForTime += 1 }
            if after != before { report("a refused \(operation) by \(actor) changed job \(before.id)") }
        }
        if succeeded && backdated { report("\(operation) dated before the last change of \(before.id) succeeded") }
        checkStep(operation, actor: actorID, before: before, after: succeeded ? after : before, succeeded: succeeded)
        checkJob(jobs[index])
    }

    // MARK: Operations

    /// Runs `operation` by `actor` on `job` at `at`, with random arguments of which some are wrong.
    private mutating func run(_ operation: Operation, by actor: String, on job: inout LaundryJob, at: Int64) throws
        -> [JobEvent]
    {
        switch operation {
        case .submit:
            preconditionFailure("submissions create jobs; see submit()")
        case .assign:
            return try job.assign(dasher: actor, at: at)
        case .rejectDasher:
            return try job.rejectDasher(by: actor, at: at)
        case .advance:
            let target =
                chance(7, in: 10)
                ? job.stage.next ?? .droppedOff : LaundryStage.allCases.randomElement(using: &random)!
            var drying: DryingReport?
            if target == .finishedDrying ? chance(9, in: 10) : chance(1, in: 20) {
                drying = dryingReport(estimate: job.submission.estimate)
            }
            return try job.advance(by: actor, to: target, at: at, drying: drying)
        case .approveFinalPrice:
            return try job.approveFinalPrice(by: actor, at: at)
        case .cancel:
            return try job.cancel(by: actor, at: at)
        case .review:
            let stars = Int.random(in: -1...6, using: &random)
            let text = [nil, "", "Great.", String(repeating: "a", count: 2_001)].randomElement(using: &random)!
            return try job.review(by: actor, stars: stars, text: text, at: at)
        case .openDispute:
            let description = chance(1, in: 10) ? " " : "Something went wrong."
            let evidence = (0..<Int.random(in: 0...3, using: &random)).map { "doc_\($0)" }
            let reason = DisputeClaim.Reason.allCases.randomElement(using: &random)!
            return try job.openDispute(
                by: actor,
                reason: reason,
                description: description,
                evidenceDocumentIDs: evidence,
                at: at
            )
        }
    }

    /// Submits a new job, one in ten with a wrong field.
    private mutating func submit() {
        nextID += 1
        let customer = Self.customers.randomElement(using: &random)!
        let pickupAt = now + Int64.random(in: 0...(6 * hour), using: &random)
        var request = submission(
            jobID: "job_\(nextID)",
            customer: customer,
            estimatedLoads: Int.random(in: 1...20, using: &random),
            pickupAt: pickupAt,
            dropOffAt: pickupAt + day,
            preferredDasher: chance(1, in: 3) ? Self.dashers.randomElement(using: &random)! : nil,
            estimate: usd(Int64.random(in: 1_000...5_000, using: &random))
        )
        switch Int.random(in: 0..<20, using: &random) {
        case 0: request.estimatedLoads = 0
        case 1: request.pickupAt = now - 1
        case 2: request.preferredDasher = customer
        default: break
        }
        do {
            let (job, events) = try LaundryJob.submit(request, now: now)
            if events != [.submitted(request)] { report("submitting \(job.id) did not announce it") }
            jobs.append(job)
            successes[.submit, default: 0] += 1
            checkJob(job)
        } catch {
            refusals[.submit, default: 0] += 1
        }
    }

    /// The id of `actor` for `job`: its customer, its dasher (any dasher while it has none), a dasher who is not
    /// its dasher, or someone else's customer.
    private mutating func id(of actor: Actor, on job: LaundryJob) -> String {
        switch actor {
        case .customer:
            return job.customer
        case .assignedDasher:
            return job.dasher ?? Self.dashers.randomElement(using: &random)!
        case .otherDasher:
            return Self.dashers.filter { $0 != job.dasher }.randomElement(using: &random)!
        case .stranger:
            return Self.customers.filter { $0 != job.customer }.randomElement(using: &random)!
        }
    }

    /// A report of random loads and costs whose total is between half and three times `estimate`, so that about
    /// a third need the customer's approval; one in ten has a wrong field.
    private mutating func dryingReport(estimate: Money) -> DryingReport {
        let total = Int64.random(in: (estimate.minorUnits / 2)...(3 * estimate.minorUnits), using: &random)
        var report = DryingReport(
            actualLoads: Int.random(in: 1...20, using: &random),
            machineCost: usd(Int64.random(in: 0...(total / 2), using: &random)),
            finalTotal: usd(total)
        )
        switch Int.random(in: 0..<30, using: &random) {
        case 0: report.actualLoads = 21
        case 1: report.machineCost = usd(-1)
        case 2: report.finalTotal = Money(minorUnits: total, currency: "EUR")
        default: break
        }
        return report
    }

    // MARK: Invariants

    /// What one operation may have done: only the assigned dasher moves a job, one stage forward, never past an
    /// unapproved price; a cancelled or completed job changes only by reviews and a dispute; history only grows.
    private mutating func checkStep(
        _ operation: Operation,
        actor: String,
        before: LaundryJob,
        after: LaundryJob,
        succeeded: Bool
    ) {
        guard succeeded else { return }
        if case .cancelled = before.status { report("\(operation) changed cancelled job \(before.id)") }
        if after.timeline.count <= before.timeline.count
            || Array(after.timeline.prefix(before.timeline.count)) != before.timeline
        {
            report("\(operation) on \(before.id) did not only append to its history")
        }
        if after.stage != before.stage, operation != .advance, operation != .assign, operation != .rejectDasher {
            report("\(operation) moved \(before.id) from \(before.stage) to \(after.stage)")
        }
        guard operation == .advance else { return }
        if actor != before.dasher {
            report("\(actor) moved \(before.id), whose dasher is \(String(describing: before.dasher))")
        }
        if after.stage != before.stage.next { report("\(before.id) moved from \(before.stage) to \(after.stage)") }
        if after.stage == .onTheWayForDropOff, before.isAwaitingPriceApproval {
            report("\(before.id) left finished drying with its price waiting for approval")
        }
    }

    /// What must hold of every job at all times.
    private mutating func checkJob(_ job: LaundryJob) {
        let stamps = job.stageStamps
        for (previous, next) in zip(stamps, stamps.dropFirst()) {
            let forward = next.stage.rawValue == previous.stage.rawValue + 1
            let rejected =
                next.stage == .waitingForDasher && [.dasherAccepted, .onTheWayForPickup].contains(previous.stage)
            if !forward && !rejected { report("\(job.id) went from \(previous.stage) to \(next.stage)") }
            if next.at < previous.at { report("\(job.id)'s stamps go back in time") }
        }
        if zip(job.timeline, job.timeline.dropFirst()).contains(where: { $1.at < $0.at }) {
            report("\(job.id)'s history goes back in time")
        }
        if stamps.last?.stage != job.stage { report("\(job.id) is at \(job.stage) but its last stamp is not") }
        if (job.dasher == nil) != (job.stage == .waitingForDasher) {
            report("\(job.id) has a dasher at stage 0 or none later")
        }
        if let dasher = job.dasher, job.excludedDashers.contains(dasher) { report("\(job.id)'s dasher was rejected") }
        if (job.finalPrice != nil) != (job.stage >= .finishedDrying) { report("\(job.id) has a price before drying") }
        if job.stage > .finishedDrying, job.isAwaitingPriceApproval {
            report("\(job.id) left with an unapproved price")
        }
        switch job.status {
        case .active:
            if job.stage == .droppedOff { report("\(job.id) was dropped off but is not completed") }
        case .cancelled:
            if job.stage >= .pickedUp { report("\(job.id) was cancelled after pickup") }
        case .completed:
            if job.stage != .droppedOff { report("\(job.id) is completed before drop-off") }
            if job.timeline.contains(where: { $0.change == .cancelled }) { report("cancelled \(job.id) completed") }
        }
        if (job.customerReview != nil || job.dasherReview != nil || job.dispute != nil), job.stage != .droppedOff {
            report("\(job.id) was reviewed or disputed before drop-off")
        }
    }

    private mutating func chance(_ times: Int, in outOf: Int) -> Bool {
        Int.random(in: 0..<outOf, using: &random) < times
    }

    private mutating func report(_ issue: String) {
        issues += 1
        if issues <= 5 { Issue.record(Comment(rawValue: issue)) }
    }
}
