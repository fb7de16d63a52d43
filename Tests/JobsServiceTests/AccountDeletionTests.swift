import Foundation
import QuadContracts
import QuadWire
import Testing

/// `account.deleted` at jobs (issue 12 item 4): each open job of the person as its rules allow.
@Suite("Jobs: account.deleted")
struct AccountDeletionTests {
    static func deleted(_ user: String) -> Quad_Identity_V1_AccountDeleted {
        .with {
            $0.userID = user
            $0.deletedAtMicros = 1_700_000_000_000_000
        }
    }

    static func get(_ harness: JobsHarness, _ user: String, _ jobID: String) async throws -> Quad_Jobs_V1_LaundryJob {
        try await harness.as(user) {
            try await $0.getLaundryJob(.with { $0.jobID = jobID }, options: JobsHarness.options())
        }
    }

    @Test(
        "before pickup a customer's job is cancelled and a dasher's is requeued; past pickup it goes on without the name"
    )
    func eachJobAsItsRulesAllow() async throws {
        try await JobsHarness.run { harness in
            // Given cora's waiting job, cora's job that dan picked up, and zoe's job that cora (also a dasher) accepted
            let waiting = try await harness.submit("cora")
            let pickedUp = try await harness.submit("cora")
            try await harness.assign(pickedUp.jobID, to: "dan")
            try await harness.advance(pickedUp.jobID, by: "dan", through: [.onTheWayForPickup, .pickedUp])
            #expect(try await Self.get(harness, "dan", pickedUp.jobID).pickup.firstName == "Cora")
            #expect(try await harness.changes(of: "dan").contains { $0.job.pickup.firstName == "Cora" })
            let zoes = try await harness.submit("zoe")
            try await harness.assign(zoes.jobID, to: "cora")
            let sentBefore = try await harness.outbox().count

            // When identity says cora's account was deleted
            let key = "\(Quad_Identity_V1_AccountDeleted.topic):cora"
            #expect(
                try await harness.deliver(
                    from: "identity",
                    Quad_Identity_V1_AccountDeleted.topic,
                    key: key,
                    Self.deleted("cora")
                )
            )

            // Then her waiting job is cancelled, and payments and matching are told
            #expect(try await Self.get(harness, "cora", waiting.jobID).status == .cancelled)
            let sent = try await harness.outbox().dropFirst(sentBefore)
            #expect(
                Set(sent.map { "\($0.destination) \($0.topic) \($0.key)" }) == [
                    "payments job.cancelled \(waiting.jobID):job.cancelled",
                    "matching job.cancelled \(waiting.jobID):job.cancelled",
                    "matching job.dasher_rejected \(zoes.jobID):job.dasher_rejected:1",
                ]
            )
            // And the job past pickup goes on, its dasher seeing where, but not her name
            let goingOn = try await Self.get(harness, "dan", pickedUp.jobID)
            #expect(goingOn.status == .open)
            #expect(goingOn.stage == .pickedUp)
            #expect(goingOn.pickup.firstName.isEmpty)
            #expect(goingOn.pickup.room == PickupPlacesDouble.room(of: "cora"))
            // And dan's feed, read again, no longer shows her name either
            #expect(try await harness.changes(of: "dan").allSatisfy { $0.job.pickup.firstName.isEmpty })
            // And zoe's job is back in the queue, without cora
            let requeued = try await Self.get(harness, "zoe", zoes.jobID)
            #expect(requeued.stage == .waitingForDasher)
            #expect(requeued.dasherID.isEmpty)

            // When the same delivery comes again, Then nothing more happens
            #expect(
                try await !harness.deliver(
                    from: "identity",
                    Quad_Identity_V1_AccountDeleted.topic,
                    key: key,
                    Self.deleted("cora")
                )
            )
            #expect(try await harness.outbox().count == sentBefore + 3)
        }
    }

    @Test("account.deleted without a user id, or from another context than identity, is refused and changes nothing")
    func refusals() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            let blank = await #expect(throws: RPCError.self) {
                try await harness.deliver(
                    from: "identity",
                    Quad_Identity_V1_AccountDeleted.topic,
                    key: "k1",
                    Self.deleted("")
                )
            }
            #expect(blank?.code == .invalidArgument)
            #expect(blank?.message.contains("user_id") == true)
            let forged = await #expect(throws: RPCError.self) {
                try await harness.deliver(
                    from: "payments",
                    Quad_Identity_V1_AccountDeleted.topic,
                    key: "k2",
                    Self.deleted("cora")
                )
            }
            #expect(forged?.code == .invalidArgument)
            #expect(try await Self.get(harness, "cora", job.jobID).status == .open)
        }
    }
}
