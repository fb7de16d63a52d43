import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// Story 16 through the service: the requester and the buyer rate each other once, within 14 days of delivery.
@Suite("Errands: reviews (story 16)")
struct ErrandReviewTests {
    static func review(_ harness: JobsHarness, _ errandID: String, as user: String, stars: UInt32, text: String = "")
        async throws -> Quad_Jobs_V1_Review
    {
        try await harness.errands(user) {
            try await $0.reviewErrand(
                .with {
                    $0.errandID = errandID
                    $0.stars = stars
                    $0.text = text
                }
            )
        }
    }

    @Test("Given a delivered errand, when each side reviews, then once each, 0...5 stars, the other side its subject")
    func eachSideOnce() async throws {
        try await JobsHarness.run { harness in
            let id = try await harness.delivered("req-ada", by: "buyer-bo").errandID
            await expectRefusal(.invalidArgument, naming: "stars") {
                _ = try await Self.review(harness, id, as: "req-ada", stars: 6)
            }
            let byRequester = try await Self.review(harness, id, as: "req-ada", stars: 5, text: "Quick and careful")
            #expect(byRequester.reviewerID == "req-ada")
            #expect(byRequester.subjectID == "buyer-bo")
            #expect(byRequester.stars == 5)
            #expect(byRequester.text == "Quick and careful")
            let byBuyer = try await Self.review(harness, id, as: "buyer-bo", stars: 0)
            #expect(byBuyer.reviewerID == "buyer-bo")
            #expect(byBuyer.subjectID == "req-ada")
            #expect(byBuyer.stars == 0)
            await expectRefusal(.alreadyExists, naming: "reviewed it already") {
                _ = try await Self.review(harness, id, as: "req-ada", stars: 4)
            }
            await expectRefusal(.alreadyExists, naming: "reviewed it already") {
                _ = try await Self.review(harness, id, as: "buyer-bo", stars: 4)
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.review(harness, id, as: "stranger", stars: 4)
            }
            let errand = try await harness.errand(id, as: "req-ada")
            #expect(errand.requesterReview.stars == 5)
            #expect(errand.buyerReview.stars == 0)
            let sent = try await harness.outboxLines().filter { $0.contains("review.submitted") }
            // And one review.submitted per side
            let keys: Set<String> = Set(sent.compactMap { line in line.split(separator: " ").last.map(String.init) })
            #expect(keys.count == 2)
        }
    }

    @Test("Given an errand not delivered, when reviewed, then FAILED_PRECONDITION")
    func notDelivered() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            await expectRefusal(.failedPrecondition, naming: "reviewed") {
                _ = try await Self.review(harness, errand.errandID, as: "req-ada", stars: 5)
            }
        }
    }

    @Test("Given a delivered errand, when 14 days have passed, then a review is refused; just before, accepted")
    func fourteenDays() async throws {
        try await JobsHarness.run { harness in
            let delivered = try await harness.delivered("req-ada", by: "buyer-bo")
            #expect(delivered.reviewDeadlineMicros == harness.clock.micros + 14 * JobsHarness.day)
            harness.clock.advance(byMicros: 14 * JobsHarness.day)
            let inTime = try await Self.review(harness, delivered.errandID, as: "req-ada", stars: 4)
            #expect(inTime.stars == 4)
            harness.clock.advance(byMicros: 1)
            await expectRefusal(.failedPrecondition, naming: "reviews closed") {
                _ = try await Self.review(harness, delivered.errandID, as: "buyer-bo", stars: 4)
            }
        }
    }
}
