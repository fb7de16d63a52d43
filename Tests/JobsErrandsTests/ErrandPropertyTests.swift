import JobsErrands
import QuadTestSupport
import Testing

@Suite("Errand: random operations by random people")
struct ErrandPropertyTests {
    @Test("random operations keep every rule, and every operation both succeeds and is refused", arguments: randomSeeds)
    func randomOperations(seed: UInt64) {
        // Given
        var simulation = ErrandSimulation(seed: seed)

        // When
        for _ in 0..<4_000 { simulation.step() }

        // Then: no rule broke (each step checked them), and the run was not vacuous
        #expect(simulation.issues == 0)
        for operation in ErrandSimulation.Operation.allCases {
            #expect(simulation.successes[operation, default: 0] > 0, "\(operation) never succeeded")
            #expect(simulation.refusals[operation, default: 0] > 0, "\(operation) was never refused")
        }
        let errands = simulation.errands
        #expect(errands.contains { if case .completed = $0.status { true } else { false } })
        #expect(errands.contains { if case .cancelled = $0.status { true } else { false } })
        #expect(errands.contains { $0.purchaseApprovedAt != nil })
        #expect(errands.contains { !$0.excludedWorkers.isEmpty })
    }

    @Test("every errand the random operations leave behind rebuilds exactly from its timeline", arguments: randomSeeds)
    func replays(seed: UInt64) throws {
        var simulation = ErrandSimulation(seed: seed)
        for _ in 0..<2_000 { simulation.step() }
        for errand in simulation.errands {
            #expect(try Errand(replaying: errand.timeline) == errand)
        }
    }
}
