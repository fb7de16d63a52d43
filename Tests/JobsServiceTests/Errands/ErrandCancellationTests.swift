import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// E4 through the service: cancelling an open errand, asking the buyer of an accepted one, and what is refused.
@Suite("Errands: cancelling (E4)")
struct ErrandCancellationTests {
    static func cancel(_ harness: JobsHarness, _ errandID: String, as user: String, reason: String = "")
        async throws -> Quad_Jobs_V1_Errand
    {
        try await harness.errands(user) {
            try await $0.cancelErrand(
                .with {
                    $0.errandID = errandID
                    $0.reason = reason
                }
            )
        }
    }

    static func answer(_ harness: JobsHarness, _ errandID: String, as user: String, agree: Bool) async throws
        -> Quad_Jobs_V1_Errand
    {
        try await harness.errands(user) {
            try await $0.answerCancellation(
                .with {
                    $0.errandID = errandID
                    $0.agree = agree
                }
            )
        }
    }

    static func releaseAsked(_ harness: JobsHarness, _ errandID: String) async throws -> Bool {
        try await harness.outboxLines().contains("payments job.cancelled \(errandID):job.cancelled")
    }

    @Test("Given an open errand, when its requester cancels, then it is cancelled, out of the feed, its hold released")
    func open() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            let cancelled = try await Self.cancel(harness, posted.errandID, as: "req-ada")
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.paymentState == .releasePending)
            #expect(try await harness.feedIDs().isEmpty)
            #expect(try await Self.releaseAsked(harness, posted.errandID))
            let sent = try await harness.outboxPayload(
                Quad_Jobs_V1_JobCancelled.self,
                topic: Quad_Jobs_V1_JobCancelled.topic,
                key: "\(posted.errandID):\(Quad_Jobs_V1_JobCancelled.topic)"
            )
            #expect(sent?.paymentIntentID == posted.paymentIntentID)
            #expect(try await harness.errandFeed(of: "req-ada") == ["submitted", "cancelled"])
            // And cancelling again is refused, nothing sent twice
            await expectRefusal(.failedPrecondition, naming: posted.errandID) {
                _ = try await Self.cancel(harness, posted.errandID, as: "req-ada")
            }
            #expect(try await harness.outboxLines().filter { $0.hasPrefix("payments job.cancelled") }.count == 1)
        }
    }

    @Test("Given an accepted errand, when the requester cancels, then the buyer is asked; declining lets it go on")
    func buyerDeclines() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let asked = try await Self.cancel(harness, errand.errandID, as: "req-ada", reason: "found some at home")
            #expect(asked.cancellationRequested)
            #expect(asked.status == .active)
            #expect(asked.stage == .accepted)
            #expect(try await harness.errandFeed(of: "buyer-bo").last == "cancellation_requested")
            #expect(try await harness.errand(errand.errandID, as: "buyer-bo").cancellationRequested)
            // And asking twice is refused
            await expectRefusal(.failedPrecondition, naming: "asked already") {
                _ = try await Self.cancel(harness, errand.errandID, as: "req-ada")
            }
            // And only the buyer answers
            await expectRefusal(.permissionDenied, naming: errand.errandID) {
                _ = try await Self.answer(harness, errand.errandID, as: "req-ada", agree: true)
            }

            let declined = try await Self.answer(harness, errand.errandID, as: "buyer-bo", agree: false)
            #expect(!declined.cancellationRequested)
            #expect(declined.status == .active)
            #expect(declined.buyerID == "buyer-bo")
            #expect(try await harness.errandFeed(of: "req-ada").last == "cancellation_declined")
            #expect(!(try await Self.releaseAsked(harness, errand.errandID)))
            // And an answer to nothing asked is refused
            await expectRefusal(.failedPrecondition, naming: "not asked") {
                _ = try await Self.answer(harness, errand.errandID, as: "buyer-bo", agree: true)
            }
            // And the buyer can still buy it
            let bought = try await harness.recordPurchase(errand.errandID, by: "buyer-bo", prices: [300, 450])
            #expect(bought.stage == .bought)
        }
    }

    @Test("Given an accepted errand, when the buyer agrees to the requester's request, then it is cancelled, released")
    func buyerAgrees() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            _ = try await Self.cancel(harness, errand.errandID, as: "req-ada")
            let agreed = try await Self.answer(harness, errand.errandID, as: "buyer-bo", agree: true)
            #expect(agreed.status == .cancelled)
            #expect(try await Self.releaseAsked(harness, errand.errandID))
            #expect(
                try await harness.errandFeed(of: "buyer-bo") == [
                    "buyer_assigned", "cancellation_requested", "cancellation_agreed", "cancelled",
                ]
            )
            #expect(try await harness.errandFeed(of: "req-ada").suffix(2) == ["cancellation_agreed", "cancelled"])
            #expect(try await harness.feedIDs().isEmpty)
        }
    }

    @Test("Given a bought errand, when the requester cancels, then FAILED_PRECONDITION says it was bought")
    func bought() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            try await harness.recordPurchase(errand.errandID, by: "buyer-bo", prices: [300, 450])
            await expectRefusal(.failedPrecondition, naming: "bought the items") {
                _ = try await Self.cancel(harness, errand.errandID, as: "req-ada")
            }
            #expect(try await harness.errand(errand.errandID, as: "req-ada").stage == .bought)
            #expect(!(try await Self.releaseAsked(harness, errand.errandID)))
        }
    }

    @Test("Given a request to cancel not answered, when the buyer records the purchase, then the request lapses")
    func boughtWhileAsked() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            _ = try await Self.cancel(harness, errand.errandID, as: "req-ada")
            let bought = try await harness.recordPurchase(errand.errandID, by: "buyer-bo", prices: [300, 450])
            #expect(bought.stage == .bought)
            #expect(!bought.cancellationRequested)
            await expectRefusal(.failedPrecondition, naming: "not asked") {
                _ = try await Self.answer(harness, errand.errandID, as: "buyer-bo", agree: false)
            }
            let delivered = try await harness.deliver(errand.errandID, by: "buyer-bo")
            #expect(!delivered.cancellationRequested)
            #expect(!(try await Self.releaseAsked(harness, errand.errandID)))
        }
    }

    @Test("Given errands, when a stranger cancels, then NOT_FOUND where they cannot see it, refused where they can")
    func stranger() async throws {
        try await JobsHarness.run { harness in
            let accepted = try await harness.accepted("req-ada", by: "buyer-bo")
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.cancel(harness, accepted.errandID, as: "stranger")
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.answer(harness, accepted.errandID, as: "stranger", agree: true)
            }
            let open = try await harness.post("req-ada")
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.errands("stranger", campus: "campus-southfield") {
                    try await $0.cancelErrand(.with { $0.errandID = open.errandID })
                }
            }
            // A person of the campus sees the open errand in the feed, but only its requester cancels it
            await expectRefusal(.permissionDenied, naming: open.errandID) {
                _ = try await Self.cancel(harness, open.errandID, as: "stranger")
            }
            #expect(try await harness.feedIDs() == [open.errandID])
            #expect(try await harness.outboxLines().filter { $0.hasPrefix("payments job.cancelled") }.isEmpty)
        }
    }
}
