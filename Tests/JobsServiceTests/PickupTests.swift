import Foundation
import GRDB
import QuadContracts
import QuadWire
import Testing

@Suite("Jobs: the pickup place goes to the assigned dasher only, from assignment until completion (A4)")
struct PickupTests {
    static func get(_ harness: JobsHarness, _ user: String, _ jobID: String) async throws -> Quad_Jobs_V1_LaundryJob {
        try await harness.as(user) {
            try await $0.getLaundryJob(.with { $0.jobID = jobID }, options: JobsHarness.options())
        }
    }

    /// Whether any feed event of `user` mentions cora's room, in any field.
    static func feedMentionsRoom(_ harness: JobsHarness, of user: String) async throws -> Bool {
        let room = Data(PickupPlacesDouble.room(of: "cora").utf8)
        return try await harness.database.read { db in
            try Data.fetchAll(db, sql: "SELECT payload FROM quad_event_log WHERE user_id = ?", arguments: [user])
                .contains { $0.range(of: room) != nil }
        }
    }

    @Test("the assigned dasher sees where to pick up; before, the customer, a stranger and a rejected dasher do not")
    func assignedDasherOnly() async throws {
        try await JobsHarness.run { harness in
            // Given: a submitted job, not yet accepted
            let job = try await harness.submit("cora")
            #expect(harness.pickupPlaces.asked == ["cora"], "identity is asked at submission")
            #expect(!job.hasPickup, "the customer's own view is as before")
            let early = await #expect(throws: RPCError.self) { _ = try await Self.get(harness, "dan", job.jobID) }
            #expect(early?.code == .notFound, "a dasher offered the job, or not, sees nothing of it before accepting")

            // When: dan accepts
            try await harness.assign(job.jobID, to: "dan")

            // Then: dan sees the pickup place, in his reads, his lists and his feed
            let seen = try await Self.get(harness, "dan", job.jobID)
            #expect(seen.pickup.firstName == "Cora")
            #expect(seen.pickup.dormID == JobsHarness.dorm)
            #expect(seen.pickup.room == PickupPlacesDouble.room(of: "cora"))
            let listed = try await harness.as("dan") {
                try await $0.listMyLaundryJobs(.with { $0.role = .dasher }, options: JobsHarness.options())
            }
            #expect(listed.jobs.first?.pickup == seen.pickup)
            #expect(try await harness.changes(of: "dan").last?.job.pickup == seen.pickup)
            let moved = try await harness.as("dan") {
                try await $0.advanceStage(
                    .with {
                        $0.jobID = job.jobID; $0.toStage = .onTheWayForPickup
                    },
                    options: JobsHarness.options()
                )
            }
            #expect(moved.pickup == seen.pickup)
            // And no one else does: the customer (as before), a stranger, nor the customer's feed
            #expect(!(try await Self.get(harness, "cora", job.jobID)).hasPickup)
            let stranger = await #expect(throws: RPCError.self) { _ = try await Self.get(harness, "sam", job.jobID) }
            #expect(stranger?.code == .notFound)
            #expect(try await !Self.feedMentionsRoom(harness, of: "cora"))

            // When: a second job's dasher is rejected, the rejected dasher's feed event carries no pickup place
            let second = try await harness.submit("cora")
            try await harness.assign(second.jobID, to: "eve")
            #expect(try await Self.feedMentionsRoom(harness, of: "eve"))
            _ = try await harness.as("cora") {
                try await $0.rejectDasher(.with { $0.jobID = second.jobID }, options: JobsHarness.options())
            }
            let told = try #require(try await harness.changes(of: "eve").last)
            #expect(told.change == "dasher_rejected")
            #expect(!told.job.hasPickup, "a rejected dasher is no longer told where to go")
        }
    }

    @Test("the pickup place is shown until completion, then forgotten; cancelled jobs forget it too")
    func untilCompletion() async throws {
        try await JobsHarness.run { harness in
            let job = try await harness.submit("cora")
            try await harness.assign(job.jobID, to: "dan")
            try await harness.advance(
                job.jobID,
                by: "dan",
                through: [.onTheWayForPickup, .pickedUp, .inWasher, .finishedWashing, .inDryer]
            )
            #expect(try await Self.get(harness, "dan", job.jobID).hasPickup, "still shown while the laundry is out")
            _ = try await harness.as("dan") {
                try await $0.reportDrying(
                    .with {
                        $0.jobID = job.jobID; $0.actualLoads = 2; $0.machineCost = PaymentsDouble.amount(700)
                    },
                    options: JobsHarness.options()
                )
            }
            try await harness.advance(job.jobID, by: "dan", through: [.onTheWayForDropOff, .droppedOff])
            let done = try await Self.get(harness, "dan", job.jobID)
            #expect(done.status == .completed)
            #expect(!done.hasPickup, "after completion the dasher no longer sees it")

            let cancelled = try await harness.submit("cora")
            try await harness.assign(cancelled.jobID, to: "dan")
            _ = try await harness.as("cora") {
                try await $0.cancelLaundryJob(.with { $0.jobID = cancelled.jobID }, options: JobsHarness.options())
            }
            #expect(!(try await Self.get(harness, "cora", cancelled.jobID)).hasPickup)

            // jobs keeps no room once a job ended
            let kept = try await harness.database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM laundry_job WHERE pickup_place IS NOT NULL") ?? -1
            }
            #expect(kept == 0)
        }
    }

    @Test("with identity down or not knowing the customer, no job is posted and no money held")
    func identityRequiredAtSubmission() async throws {
        try await JobsHarness.run { harness in
            harness.pickupPlaces.setDown(true)
            let down = await #expect(throws: RPCError.self) { _ = try await harness.submit("cora") }
            #expect(down?.code == .unavailable)
            harness.pickupPlaces.setDown(false)
            harness.pickupPlaces.remove("ghost")
            let unknown = await #expect(throws: RPCError.self) { _ = try await harness.submit("ghost") }
            #expect(unknown?.code == .failedPrecondition)
            #expect(harness.payments.state.withLock { $0.holds.isEmpty })
            let jobs = try await harness.database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM laundry_job") ?? -1
            }
            #expect(jobs == 0)
        }
    }
}
