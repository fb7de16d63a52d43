import QuadContracts
import QuadWire
import Testing

/// `account.deleted` at matching (issue 12 item 4): presence, offers and waiting jobs of the person go.
@Suite("Matching: account.deleted")
struct AccountDeletionTests {
    /// identity's delivery (sent over the test's service connection: matching reads the source from the delivery).
    static func deleted(_ user: String, in h: MatchingHarness) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await h.jobs.deliver(
            try .with {
                $0.source = Quad_Identity_V1_AccountDeleted.producer
                $0.topic = Quad_Identity_V1_AccountDeleted.topic
                $0.key = "\(Quad_Identity_V1_AccountDeleted.topic):\(user)"
                $0.payload = try Quad_Identity_V1_AccountDeleted.with { $0.userID = user }.serializedData()
            }
        )
    }

    @Test(
        "a deleted dasher stops accepting, their offer goes to the next dasher, their own waiting job leaves the queue"
    )
    func deletedDasher() async throws {
        try await MatchingHarness.run { h in
            // Given dan and eve accepting, dan holding the offer of cora's job, and a job of dan's own waiting
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1", customer: "cora", secondsAgo: 60)
            let offered = try #require(try await h.assignMe(dan))
            #expect(offered.jobID == "j1")
            try await h.submit("j2", customer: "dan")

            // When identity says dan's account was deleted
            #expect(try await Self.deleted("dan", in: h).applied)

            // Then only eve is accepting, and she is offered cora's job
            let list = try await h.matching.listAcceptingDashers(.init(), options: h.as(MatchingHarness.customer()))
            #expect(list.dashers.map(\.dasherID) == ["eve"])
            #expect(try await h.standing("j1").dasherID != "dan")
            let next = try #require(try await h.assignMe(eve))
            #expect(next.jobID == "j1")
            // And dan's own job left the queue
            #expect(try await h.standing("j2").standing == .unknown)
            // And a repeat changes nothing
            #expect(try await !Self.deleted("dan", in: h).applied)
        }
    }
}
