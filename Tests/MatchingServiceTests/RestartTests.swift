import MatchingService
import QuadContracts
import QuadWire
import QuadWireCore
import Testing

@Suite("Matching: the queue is the database")
struct RestartTests {
    @Test("the queue survives reopening the database: presence, order, open offers and who declined what")
    func restart() async throws {
        try await MatchingHarness.run { first in
            // Given: Dan declined j1 and holds an offer of j2; Eve is accepting; j3 waits
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await first.accepting(dan, eve)
            try await first.submit("j1", secondsAgo: 30)
            try await first.submit("j2", secondsAgo: 20)
            try await first.submit("j3", secondsAgo: 10)
            let declined = try #require(try await first.assignMe(dan))
            _ = try await first.matching.declineOffer(.with { $0.offerID = declined.offerID }, options: first.as(dan))
            let held = try #require(try await first.assignMe(dan))
            #expect(held.jobID == "j2")

            // When: matching restarts on the same file
            try first.database.close()
            try await MatchingHarness.run(clock: first.clock, reopening: first.databasePath) { second in
                // Then
                let list = try await second.matching.listAcceptingDashers(
                    .init(),
                    options: second.as(MatchingHarness.customer())
                )
                #expect(list.dashers.map(\.dasherID) == ["dan", "eve"])
                #expect(try await second.matching.getMyOffer(.init(), options: second.as(dan)).offer == held)
                _ = try await second.matching.acceptOffer(.with { $0.offerID = held.offerID }, options: second.as(dan))
                #expect(try await second.assignMe(dan)?.jobID == "j3", "Dan declined j1 before the restart")
                #expect(try await second.assignMe(eve)?.jobID == "j1")
            }
        }
    }
}
