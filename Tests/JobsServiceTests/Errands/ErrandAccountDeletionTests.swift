import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// `account.deleted` at jobs for errands: a deleted requester's open errands are cancelled, accepted ones go on, and
/// a deleted buyer's store visit ends.
@Suite("Errands: account.deleted")
struct ErrandAccountDeletionTests {
    static func delete(_ harness: JobsHarness, _ user: String) async throws -> Bool {
        try await harness.deliver(
            from: "identity",
            Quad_Identity_V1_AccountDeleted.topic,
            key: "\(Quad_Identity_V1_AccountDeleted.topic):\(user)",
            Quad_Identity_V1_AccountDeleted.with {
                $0.userID = user
                $0.deletedAtMicros = harness.clock.micros
            }
        )
    }

    @Test("Given a requester's open and accepted errands, when their account is deleted, then the open ones cancelled")
    func requesterDeleted() async throws {
        try await JobsHarness.run { harness in
            let open = try await harness.post("req-ada")
            let alsoOpen = try await harness.post("req-ada")
            let accepted = try await harness.accepted("req-ada", by: "buyer-bo")
            let someoneElses = try await harness.post("req-cy")

            #expect(try await Self.delete(harness, "req-ada"))

            for id in [open.errandID, alsoOpen.errandID] {
                let errand = try await harness.errand(id, as: "req-ada")
                #expect(errand.status == .cancelled)
                #expect(try await harness.outboxLines().contains("payments job.cancelled \(id):job.cancelled"))
            }
            #expect(try await harness.feedIDs() == [someoneElses.errandID])
            let goingOn = try await harness.errand(accepted.errandID, as: "buyer-bo")
            #expect(goingOn.status == .active)
            #expect(goingOn.stage == .accepted)
            // And the same delivery again changes nothing
            let sent = try await harness.outbox().count
            #expect(!(try await Self.delete(harness, "req-ada")))
            #expect(try await harness.outbox().count == sent)
        }
    }

    @Test("Given a buyer at a store, when their account is deleted, then a later errand from it tells them nothing")
    func visitorDeleted() async throws {
        try await JobsHarness.run { harness in
            _ = try await harness.errands("buyer-bo") {
                try await $0.announceStoreVisit(
                    .with {
                        $0.store = "Corner Market"
                        $0.untilMicros = harness.clock.micros + JobsHarness.hour
                    }
                )
            }
            #expect(try await Self.delete(harness, "buyer-bo"))
            _ = try await harness.post("req-ada")
            #expect(try await harness.events(Quad_Jobs_V1_ErrandNearby.self, of: "buyer-bo").isEmpty)
        }
    }
}
