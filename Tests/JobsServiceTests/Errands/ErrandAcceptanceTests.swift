import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// E3 through the service: who may accept an errand, and what the requester hears.
@Suite("Errands: accepting (E3)")
struct ErrandAcceptanceTests {
    static func accept(_ harness: JobsHarness, _ errandID: String, as buyer: String) async throws
        -> Quad_Jobs_V1_Errand
    {
        try await harness.errands(buyer) { try await $0.acceptErrand(.with { $0.errandID = errandID }) }
    }

    @Test("Given an open errand, when a buyer accepts, then they are its buyer and the requester's feed says so")
    func accepted() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            let accepted = try await Self.accept(harness, posted.errandID, as: "buyer-bo")
            #expect(accepted.buyerID == "buyer-bo")
            #expect(accepted.stage == .accepted)
            #expect(accepted.timeline.map(\.kind).suffix(1) == ["buyer_assigned"])
            #expect(try await harness.errandFeed(of: "req-ada") == ["submitted", "buyer_assigned"])
            #expect(try await harness.errandFeed(of: "buyer-bo") == ["buyer_assigned"])
            let told = try await harness.events(Quad_Jobs_V1_ErrandChanged.self, of: "req-ada").last
            #expect(told?.errand.buyerID == "buyer-bo")
            // And only its two people see it now
            #expect(try await harness.errand(posted.errandID, as: "req-ada").buyerID == "buyer-bo")
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.errand(posted.errandID, as: "buyer-cy")
            }
        }
    }

    @Test("Given one's own errand, when its requester accepts it, then FAILED_PRECONDITION and it stays open")
    func ownErrand() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            await expectRefusal(.failedPrecondition, naming: "is yours") {
                _ = try await Self.accept(harness, posted.errandID, as: "req-ada")
            }
            #expect(try await harness.errand(posted.errandID, as: "req-ada").stage == .open)
            #expect(try await harness.feedIDs() == [posted.errandID])
        }
    }

    @Test("Given an accepted errand, when a second buyer accepts, then FAILED_PRECONDITION says it has a buyer")
    func secondBuyer() async throws {
        try await JobsHarness.run { harness in
            let accepted = try await harness.accepted("req-ada", by: "buyer-bo")
            await expectRefusal(.failedPrecondition, naming: "has a buyer already") {
                _ = try await Self.accept(harness, accepted.errandID, as: "buyer-cy")
            }
            // And the buyer accepting again is refused the same way, nothing changed
            await expectRefusal(.failedPrecondition, naming: "has a buyer already") {
                _ = try await Self.accept(harness, accepted.errandID, as: "buyer-bo")
            }
            #expect(try await harness.errand(accepted.errandID, as: "req-ada").buyerID == "buyer-bo")
            #expect(try await harness.errandFeed(of: "req-ada") == ["submitted", "buyer_assigned"])
        }
    }

    @Test("Given an errand hidden by three reports, when a buyer accepts it, then NOT_FOUND as for an unknown id")
    func hidden() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            for reporter in ["r1", "r2", "r3"] {
                _ = try await harness.errands(reporter) {
                    try await $0.reportErrand(
                        .with {
                            $0.errandID = posted.errandID
                            $0.reason = .inappropriate
                        }
                    )
                }
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.accept(harness, posted.errandID, as: "buyer-bo")
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.errand(posted.errandID, as: "buyer-bo")
            }
            // And its requester still sees it, marked hidden
            #expect(try await harness.errand(posted.errandID, as: "req-ada").hidden)
        }
    }

    @Test("Given a cancelled errand, when a buyer accepts it, then FAILED_PRECONDITION; an empty id INVALID_ARGUMENT")
    func cancelledOrUnnamed() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            _ = try await harness.errands("req-ada") {
                try await $0.cancelErrand(.with { $0.errandID = posted.errandID })
            }
            await expectRefusal(.failedPrecondition, naming: posted.errandID) {
                _ = try await Self.accept(harness, posted.errandID, as: "buyer-bo")
            }
            await expectRefusal(.invalidArgument, naming: "errand_id") {
                _ = try await Self.accept(harness, "", as: "buyer-bo")
            }
        }
    }
}
