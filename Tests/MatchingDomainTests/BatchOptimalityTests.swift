import MatchingDomain
import Testing
import QuadTestSupport

@Suite("BatchAssignment: exactly optimal")
struct BatchOptimalityTests {
    @Test(
        "on small random batches, the least total waiting time of every possible plan, the fairest among equals",
        arguments: randomSeeds
    )
    func againstBruteForce(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<150 {
            // Given: up to 5 jobs and 5 dashers, times on a coarse grid so that ties are common
            let now = newYear
            let dashers = (0..<Int.random(in: 0...5, using: &random)).map {
                BatchDasher(
                    id: "dasher_\($0)",
                    availableAt: now + Int64.random(in: 0...4, using: &random) * 10 * minute
                )
            }
            let jobs = (0..<Int.random(in: 0...5, using: &random)).map { index in
                job(
                    "job_\(index)",
                    customer: "cus_\(index)",
                    at: now - Int64.random(in: 0...3, using: &random) * 10 * minute,
                    pickup: Bool.random(using: &random)
                        ? now + Int64.random(in: 0...4, using: &random) * 10 * minute : nil
                )
                .with(
                    offerCount: 0,
                    declinedBy: Set(dashers.map(\.id).filter { _ in Int.random(in: 0..<5, using: &random) == 0 })
                )
            }

            // When
            let plan = try BatchAssignment.assign(waitingJobs: jobs, accepting: dashers, now: now)

            // Then
            let best = bruteForce(jobs: jobs, dashers: dashers, now: now)
            #expect(plan.totalWaitingTime == best.waiting, "\(jobs) \(dashers)")
            #expect(skipPenalty(plan.unassignedJobs, jobs: jobs) == best.skipped, "\(jobs) \(dashers)")
            try checkPlan(plan, jobs: jobs, dashers: dashers)
        }
    }

    /// The least (total waiting, skip penalty) over every plan: each job to an allowed dasher or none, each dasher at
    /// most once.
    private func bruteForce(jobs: [WaitingJob], dashers: [BatchDasher], now: Int64) -> (waiting: Int128, skipped: Int) {
        let ordered = jobs.sorted { ($0.submittedAt, $0.id) < ($1.submittedAt, $1.id) }
        var horizon = now
        for job in ordered {
            for dasher in dashers where job.mayBeOffered(to: dasher.id) {
                horizon = max(horizon, job.readyAt, dasher.availableAt)
            }
        }
        var best: (waiting: Int128, skipped: Int)?
        var used = [Bool](repeating: false, count: dashers.count)
        var unassigned: [String] = []
        func search(_ index: Int, _ waiting: Int128) {
            guard index < ordered.count else {
                let candidate = (waiting, skipPenalty(unassigned, jobs: ordered))
                if best.map({ candidate < $0 }) ?? true { best = candidate }
                return
            }
            let job = ordered[index]
            for (slot, dasher) in dashers.enumerated() where !used[slot] && job.mayBeOffered(to: dasher.id) {
                used[slot] = true
                search(index + 1, waiting + Int128(max(now, job.readyAt, dasher.availableAt)) - Int128(job.readyAt))
                used[slot] = false
            }
            unassigned.append(job.id)
            search(index + 1, waiting + max(0, Int128(horizon) - Int128(job.readyAt)))
            unassigned.removeLast()
        }
        search(0, 0)
        return best ?? (0, 0)
    }

    /// The fairness tie-break of the plan leaving `unassigned` waiting: each such job that some dasher could take
    /// counts the number of jobs from it to the youngest.
    private func skipPenalty(_ unassigned: [String], jobs: [WaitingJob]) -> Int {
        let ordered = jobs.sorted { ($0.submittedAt, $0.id) < ($1.submittedAt, $1.id) }
        return ordered.enumerated().reduce(0) { sum, entry in
            guard unassigned.contains(entry.element.id) else { return sum }
            return sum + (ordered.count - entry.offset)
        }
    }

    /// Checks that `plan` gives each dasher at most one job, only allowed pairs, and every job exactly one place.
    private func checkPlan(_ plan: BatchPlan, jobs: [WaitingJob], dashers: [BatchDasher]) throws {
        let dasherIDs = plan.assignments.map(\.dasher)
        #expect(Set(dasherIDs).count == dasherIDs.count)
        #expect(Set(dasherIDs).union(plan.idleDashers) == Set(dashers.map(\.id)))
        #expect(Set(plan.assignments.map(\.job)).union(plan.unassignedJobs) == Set(jobs.map(\.id)))
        #expect(plan.assignments.count + plan.unassignedJobs.count == jobs.count)
        for assignment in plan.assignments {
            let job = try #require(jobs.first { $0.id == assignment.job })
            #expect(job.mayBeOffered(to: assignment.dasher))
        }
    }
}
