import MatchingDomain
import QuadTestSupport

/// A random batch for one dorm at an evening peak, from a seeded generator: the input on which
/// ``BatchAssignment/assign(waitingJobs:accepting:now:)`` and
/// ``FirstComeFirstServed/assign(waitingJobs:accepting:now:)`` are compared.
///
/// The shape is a guess at a busy dorm, stated so it can be argued with: 5–30 jobs submitted over the last 90
/// minutes, `scheduledPercent` of them with a pickup the customer set 15 minutes to 4 hours after submitting (on the
/// quarter hour), the rest "as soon as possible"; 3–15 accepting dashers, 40% idle now, the others busy until 5 to
/// 120 minutes from now; 5% of (job, dasher) pairs ruled out by an earlier decline or rejection; 10% of jobs naming a
/// preferred dasher.
struct BatchWorkload {
    let now: Int64
    let jobs: [WaitingJob]
    let dashers: [BatchDasher]

    init(using random: inout SeededGenerator, scheduledPercent: Int = 40) {
        let now = newYear + 18 * Microseconds.perHour
        let dashers = (0..<Int.random(in: 3...15, using: &random)).map { index in
            BatchDasher(
                id: "dasher_\(index)",
                availableAt: Int.random(in: 0..<100, using: &random) < 40
                    ? now : now + Int64.random(in: (5 * minute)...(120 * minute), using: &random)
            )
        }
        let quarter = 15 * minute
        self.jobs = (0..<Int.random(in: 5...30, using: &random)).map { index in
            let submittedAt = now - Int64.random(in: 0...(90 * minute), using: &random)
            var pickup: Int64?
            if Int.random(in: 0..<100, using: &random) < scheduledPercent {
                let wanted = submittedAt + Int64.random(in: quarter...(240 * minute), using: &random)
                pickup = (wanted + quarter - 1) / quarter * quarter
            }
            let ruledOut = dashers.filter { _ in Int.random(in: 0..<100, using: &random) < 5 }.map(\.id)
            let preferred =
                Int.random(in: 0..<100, using: &random) < 10 ? dashers.randomElement(using: &random)?.id : nil
            return WaitingJob(
                id: "job_\(index)",
                customer: "cus_\(index)",
                submittedAt: submittedAt,
                earliestPickup: pickup,
                preferredDasher: preferred.flatMap { ruledOut.contains($0) ? nil : $0 },
                declinedBy: Set(ruledOut)
            )
        }
        self.now = now
        self.dashers = dashers
    }

    /// The batch assignment's plan.
    func batch() throws -> BatchPlan {
        try BatchAssignment.assign(waitingJobs: jobs, accepting: dashers, now: now)
    }

    /// First come first served's plan.
    func firstComeFirstServed() throws -> BatchPlan {
        try FirstComeFirstServed.assign(waitingJobs: jobs, accepting: dashers, now: now)
    }
}
