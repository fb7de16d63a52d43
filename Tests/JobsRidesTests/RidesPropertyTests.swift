import JobsRides
import QuadTestSupport
import Testing

@Suite("Rides: random operations by random people")
struct RidesPropertyTests {
    @Test(
        "random operations never oversell seats, shares add up to the fare, every operation succeeds and is refused",
        arguments: randomSeeds
    )
    func randomOperations(seed: UInt64) {
        // Given
        var simulation = RidesSimulation(seed: seed)

        // When
        for _ in 0..<3_000 { simulation.step() }

        // Then: no rule broke (each step checked them), and the run was not vacuous
        #expect(simulation.issues == 0)
        for operation in RidesSimulation.Operation.allCases {
            #expect(simulation.successes[operation, default: 0] > 0, "\(operation) never succeeded")
            #expect(simulation.refusals[operation, default: 0] > 0, "\(operation) was never refused")
        }
        #expect(!simulation.filled.isEmpty)
        #expect(simulation.offers.contains { if case .ended = $0.status { !$0.riders.isEmpty } else { false } })
        #expect(simulation.seats.contains { $0.shareApprovedAt != nil })
    }

    @Test("every seat the random operations leave behind rebuilds exactly from its timeline", arguments: randomSeeds)
    func replays(seed: UInt64) throws {
        var simulation = RidesSimulation(seed: seed)
        for _ in 0..<1_500 { simulation.step() }
        for seat in simulation.seats {
            #expect(try RideSeat(replaying: seat.timeline) == seat)
        }
    }
}
