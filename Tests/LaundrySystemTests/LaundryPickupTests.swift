import Foundation
import QuadContracts
import QuadWire
import Testing

/// A4 through the gateway: the assigned dasher learns where to pick up, and no one else does.
@Suite(
    "Laundry: the pickup place reaches the assigned dasher only (A4) through the gateway",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt)
)
struct LaundryPickupTests {
    @Test(
        "an offer carries no room; once accepted the dasher sees the customer's first name, dorm and room; others never"
    )
    func assignedDasherOnly() async throws {
        try await LaundrySystem.run { system in
            let room = "3B-east"
            let customer = try await system.register("Cora", room: room)
            let dasher = try await system.registerDasher("Dan")
            let otherDasher = try await system.registerDasher("Sam")
            let otherCustomer = try await system.register("Olga")
            let card = try await system.addCard(customer)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dasher.options)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: customer.options(key: "p-1")
            )

            // Before acceptance: the offer carries no room, and the job is not the dasher's to read
            let offer = try await system.offer(for: dasher)
            #expect(offer.jobID == job.jobID)
            #expect(try offer.serializedData().range(of: Data(room.utf8)) == nil, "an offer never names the room")
            let early = await #expect(throws: RPCError.self) {
                _ = try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: dasher.options)
            }
            #expect(early?.code == .notFound)

            // Accepted: the dasher sees where to go, in the job and on their home screen
            _ = try await system.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: dasher.options)
            // (waited for through the customer's view: until jobs has the acceptance, the dasher gets NOT_FOUND)
            _ = try await system.eventually(
                "the job assigned",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options) },
                until: { $0.dasherID == dasher.userID }
            )
            let seen = try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: dasher.options)
            #expect(seen.pickup.firstName == "Cora")
            #expect(seen.pickup.dormID == customer.dormID)
            #expect(seen.pickup.room == room)
            let home = try await system.home.getDasherHome(.init(), options: dasher.options)
            #expect(home.jobsInProgress.jobs.first { $0.jobID == job.jobID }?.pickup.room == room)

            // No one else: the customer's view is as before; another dasher and another customer see nothing
            let own = try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: customer.options)
            #expect(!own.hasPickup)
            for stranger in [otherDasher, otherCustomer] {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: stranger.options)
                }
                #expect(refused?.code == .notFound)
                let theirs = try await system.jobs.listMyLaundryJobs(.init(), options: stranger.options)
                #expect(theirs.jobs.isEmpty)
            }
        }
    }
}
