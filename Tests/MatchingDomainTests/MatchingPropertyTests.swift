import MatchingDomain
import Testing
import QuadTestSupport

@Suite("ZoneQueue: random operations")
struct MatchingPropertyTests {
    @Test(
        "thousands of random operations never offer a job to two dashers or to one it rules out, nor lose a job",
        arguments: randomSeeds
    )
    func randomOperations(seed: UInt64) {
        // Given
        var simulation = MatchingSimulation(seed: seed)

        // When
        for _ in 0..<4_000 { simulation.step() }

        // Then: no rule broke (each step checked them), and the run was not vacuous: every operation succeeded,
        // every one that can be refused was, and every kind of event happened
        #expect(simulation.issues == 0)
        for operation in MatchingSimulation.Operation.allCases {
            #expect(simulation.successes[operation, default: 0] > 0, "\(operation) never succeeded")
        }
        let refusable = MatchingSimulation.Operation.allCases.filter { ![.expireOffers, .offerBatch].contains($0) }
        for operation in refusable {
            #expect(simulation.refusals[operation, default: 0] > 0, "\(operation) was never refused")
        }
        for event in [
            "dasherStartedAccepting", "dasherStoppedAccepting", "jobQueued", "jobRequeued", "jobCancelled", "offerMade",
            "offerAccepted", "offerDeclined", "offerExpired", "offerWithdrawn", "preferredDasherUnavailable",
        ] {
            #expect(simulation.eventCounts[event, default: 0] > 0, "no \(event) event")
        }
        #expect(simulation.submitted.count > 300)
        #expect(simulation.longestQueue > 10)
    }
}
