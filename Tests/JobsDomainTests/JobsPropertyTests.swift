import JobsLaundry
import Testing
import QuadTestSupport

@Suite("LaundryJob: random operations by random people")
struct JobsPropertyTests {
    @Test(
        "random operations never skip a stage, let anyone but the dasher move a job, or go back in time",
        arguments: randomSeeds
    )
    func randomOperations(seed: UInt64) {
        // Given
        var simulation = JobsSimulation(seed: seed)

        // When
        for _ in 0..<6_000 { simulation.step() }

        // Then: no rule broke (each step checked them), and the run was not vacuous: every operation both
        // succeeded and was refused, and jobs ended every way they can
        #expect(simulation.issues == 0)
        for operation in JobsSimulation.Operation.allCases {
            #expect(simulation.successes[operation, default: 0] > 0, "\(operation) never succeeded")
            #expect(simulation.refusals[operation, default: 0] > 0, "\(operation) was never refused")
        }
        #expect(simulation.refusedForTime > 0)
        let jobs = simulation.jobs
        #expect(jobs.count > 60)
        #expect(jobs.contains { if case .completed = $0.status { true } else { false } })
        #expect(jobs.contains { if case .cancelled = $0.status { true } else { false } })
        #expect(jobs.contains { !$0.excludedDashers.isEmpty })
        #expect(jobs.contains { $0.finalPriceApprovedAt != nil })
        #expect(jobs.contains { $0.customerReview != nil && $0.dasherReview != nil })
        #expect(jobs.contains { $0.dispute != nil })
    }

    @Test("every job the random operations leave behind rebuilds exactly from its timeline", arguments: randomSeeds)
    func replays(seed: UInt64) throws {
        // Given
        var simulation = JobsSimulation(seed: seed)
        for _ in 0..<2_000 { simulation.step() }

        // When / Then
        for job in simulation.jobs {
            #expect(try LaundryJob(replaying: job.timeline) == job)
        }
    }
}
