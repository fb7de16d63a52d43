import MatchingDomain
import Testing
import QuadTestSupport

@Suite("FirstComeFirstServed: the baseline")
struct FirstComeFirstServedTests {
    @Test("dashers in order of availability each take the oldest job they may take")
    func availabilityOrder() throws {
        // Given
        let now = newYear
        let jobs = [
            job("job_1", at: now - 3, excluding: ["dasher_early"]),
            job("job_2", customer: "cus_2", at: now - 2),
            job("job_3", customer: "cus_3", at: now - 1),
        ]
        let dashers = [
            BatchDasher(id: "dasher_late", availableAt: now + 20 * minute),
            BatchDasher(id: "dasher_early", availableAt: now),
        ]

        // When
        let plan = try FirstComeFirstServed.assign(waitingJobs: jobs, accepting: dashers, now: now)

        // Then
        #expect(
            plan.assignments == [
                .init(job: "job_1", dasher: "dasher_late", startsAt: now + 20 * minute),
                .init(job: "job_2", dasher: "dasher_early", startsAt: now),
            ]
        )
        #expect(plan.unassignedJobs == ["job_3"])
        #expect(plan.horizon == now + 20 * minute)
    }

    @Test("a dasher takes a job kept for them before older ones", arguments: [false, true])
    func keptFirst(reversed: Bool) throws {
        let jobs = [job("job_old", at: newYear - 1), job("job_kept", at: newYear, preferring: "dasher_p")]
        let dashers = [BatchDasher(id: "dasher_p", availableAt: newYear)]
        let plan = try FirstComeFirstServed.assign(
            waitingJobs: reversed ? jobs.reversed() : jobs,
            accepting: dashers,
            now: newYear
        )
        #expect(plan.assignments.map(\.job) == ["job_kept"])
    }

    @Test("it is exactly what 'assign me a job' gives dashers asking in order of availability", arguments: randomSeeds)
    func matchesRequestJob(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            // Given: a workload without preferences (the queue offers those at submission)
            let workload = BatchWorkload(using: &random)
            let jobs = workload.jobs.map {
                WaitingJob(
                    id: $0.id,
                    customer: $0.customer,
                    submittedAt: $0.submittedAt,
                    earliestPickup: $0.earliestPickup,
                    declinedBy: $0.declinedBy
                )
            }
            let order = workload.dashers.enumerated()
                .sorted { ($0.element.availableAt, $0.offset) < ($1.element.availableAt, $1.offset) }
                .map(\.element.id)
            var queue = try queue(accepting: order, jobs: jobs)

            // When
            let plan = try FirstComeFirstServed.assign(
                waitingJobs: jobs,
                accepting: workload.dashers,
                now: workload.now
            )
            var pulled: [String: String] = [:]
            for dasher in order {
                if let offer = try queue.requestJob(dasher: dasher, now: newYear).answer.offer {
                    pulled[offer.job] = dasher
                }
            }

            // Then
            #expect(Dictionary(uniqueKeysWithValues: plan.assignments.map { ($0.job, $0.dasher) }) == pulled)
        }
    }
}
