import QuadContracts
import QuadServiceKit
import QuadTestSupport
import QuadWire

/// Random operations on matching, as dashers, customers, jobs and operators make them, repeatable from a seed:
/// submissions (some naming a preferred dasher, some older than others), asks, accepts, declines, presence turned
/// on and off, cancellations, rejections of accepted dashers, cleared preferences, batches, and time passing with
/// the expiry timer. A refusal is an ordinary outcome and is not reported.
struct RandomWorkload {
    let harness: MatchingHarness
    let dashers: [Caller]
    private var random: SeededGenerator
    private var submitted: [(job: String, dorm: String, customer: String)] = []
    private var accepted: [(job: String, dorm: String, dasher: String)] = []
    private var rejections = 0

    init(harness: MatchingHarness, dashers: [Caller], seed: UInt64) {
        self.harness = harness
        self.dashers = dashers
        self.random = SeededGenerator(seed: seed)
    }

    /// Makes one random operation.
    mutating func step() async throws {
        let h = harness
        let dasher = dashers.randomElement(using: &random)!
        do {
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1, 2:
                let job = "job-\(submitted.count)"
                let customer = ["cora", "carl"].randomElement(using: &random)!
                let dorm = dasher.dormID
                let preferred = Bool.random(using: &random) ? dashers.randomElement(using: &random)!.userID : nil
                try await h.submit(
                    job,
                    customer: customer,
                    secondsAgo: Int64.random(in: 0..<300, using: &random),
                    preferred: preferred,
                    dorm: dorm
                )
                submitted.append((job, dorm, customer))
            case 3, 4:
                _ = try await h.assignMe(dasher)
            case 5:
                let mine = try await h.matching.getMyOffer(.init(), options: h.as(dasher))
                guard mine.hasOffer else { return }
                _ = try await h.matching.acceptOffer(.with { $0.offerID = mine.offer.offerID }, options: h.as(dasher))
                accepted.append((mine.offer.jobID, mine.offer.dormID, dasher.userID))
            case 6:
                let mine = try await h.matching.getMyOffer(.init(), options: h.as(dasher))
                guard mine.hasOffer else { return }
                _ = try await h.matching.declineOffer(.with { $0.offerID = mine.offer.offerID }, options: h.as(dasher))
            case 7:
                let accepting = Int.random(in: 0..<4, using: &random) > 0
                _ = try await h.matching.setAccepting(.with { $0.accepting = accepting }, options: h.as(dasher))
            case 8:
                guard let job = submitted.randomElement(using: &random) else { return }
                try await h.deliver(
                    "job.cancelled",
                    key: "\(job.job):job.cancelled",
                    Quad_Jobs_V1_JobCancelled.with {
                        $0.jobID = job.job
                        $0.dormID = job.dorm
                        $0.atMicros = h.now
                    }
                )
            case 9:
                guard let index = accepted.indices.randomElement(using: &random) else { return }
                let job = accepted.remove(at: index)
                let customer = submitted.first { $0.job == job.job }?.customer ?? "cora"
                rejections += 1
                try await h.deliver(
                    "job.dasher_rejected",
                    key: "\(job.job):job.dasher_rejected:\(rejections)",
                    Quad_Jobs_V1_JobDasherRejected.with {
                        $0.jobID = job.job
                        $0.dormID = job.dorm
                        $0.dasherID = job.dasher
                        $0.excludedDasherIds = [job.dasher]
                        $0.job = h.submission(job.job, customer: customer, dorm: job.dorm)
                    }
                )
            case 10:
                guard let job = submitted.randomElement(using: &random) else { return }
                let customer = MatchingHarness.customer(job.customer, dorm: job.dorm)
                _ = try await h.matching.clearPreferredDasher(.with { $0.jobID = job.job }, options: h.as(customer))
            default:
                if Bool.random(using: &random) {
                    _ = try await h.operators.assignBatch(.with { $0.dormID = dasher.dormID })
                } else {
                    h.advance(by: .seconds(Int64.random(in: 1..<40, using: &random)))
                    try await h.service.expireDueOffers()
                }
            }
        } catch is RPCError {
            // A refusal (not accepting, not found, expired...): the queue is unchanged, which the caller checks.
        }
    }
}
