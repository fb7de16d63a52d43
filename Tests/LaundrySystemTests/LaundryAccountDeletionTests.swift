import Foundation
import QuadBuiltInContracts
import QuadContracts
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

/// Issue 12 item 4 through the gateway, on the five executables: deleting an account that has an open job, a
/// pending offer and a card converges everywhere (docs/laundry.md, "When an account is deleted").
@Suite("Laundry: account deletion", .serialized, .enabled(if: LaundrySystem.isBuilt))
struct LaundryAccountDeletionTests {
    @Test(
        "a deleted account's open job is cancelled, its offer goes to another dasher, its name is gone, the books balance"
    )
    func deleteAccountConverges() async throws {
        try await LaundrySystem.run { system in
            // Given Pat, a dasher with a card, holding a pending offer of Cora's job
            let pat = try await system.registerDasher("Pat")
            let patsCard = try await system.addCard(pat)
            let cora = try await system.register("Cora", room: "214")
            let corasCard = try await system.addCard(cora)
            let quinn = try await system.registerDasher("Quinn")
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: pat.options)
            let corasJob = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: corasCard),
                options: cora.options(key: "cora-1")
            )
            let offer = try await system.offer(for: pat)
            #expect(offer.jobID == corasJob.jobID)
            // And an open job of his own, as a customer, with its hold on his card
            let patsJob = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: patsCard),
                options: pat.options(key: "pat-1")
            )
            let paymentsClient = try system.operatorClient("payments")
            defer { paymentsClient.close() }
            let jobsClient = try system.operatorClient("jobs")
            defer { jobsClient.close() }
            let identityClient = try system.operatorClient("identity")
            defer { identityClient.close() }
            let payments = Quad_Payments_V1_Payments.Client(transport: paymentsClient)
            let jobs = Quad_Jobs_V1_Jobs.Client(transport: jobsClient)
            let operatorOptions = CallOptions(timeout: .seconds(10))
            #expect(
                try await payments.getPaymentIntent(.with { $0.jobID = patsJob.jobID }, options: operatorOptions).status
                    == .held
            )
            let accepting = try await system.matching.listAcceptingDashers(.init(), options: cora.options)
            #expect(accepting.dashers.map(\.firstName) == ["Pat"])
            // And a profile picture
            let picture = try await DocumentsThroughGatewayTests.upload(
                [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 5, count: 4_000),
                .with {
                    $0.ownerKind = .profile
                    $0.ownerID = pat.userID
                    $0.purpose = .profilePicture
                    $0.fileName = "pat.jpg"
                    $0.declaredType = .jpeg
                },
                as: pat,
                through: system
            )
            let documentsClient = try system.operatorClient("fleet-documents")
            defer { documentsClient.close() }
            let documents = Quad_Documents_V1_Documents.Client(transport: documentsClient)

            // When Pat deletes his account
            _ = try await system.identity.deleteAccount(
                .with { $0.password = "correct horse battery" },
                options: pat.options
            )

            // Then jobs cancels his open job, and payments releases its hold
            _ = try await system.eventually(
                "Pat's job cancelled",
                { try await jobs.getJobStatus(.with { $0.jobID = patsJob.jobID }, options: operatorOptions) },
                until: { $0.status == .cancelled }
            )
            _ = try await system.eventually(
                "the hold of Pat's job released",
                { try await payments.getPaymentIntent(.with { $0.jobID = patsJob.jobID }, options: operatorOptions) },
                until: { $0.status == .released }
            )
            // And matching no longer has him accepting: the dorm's list is empty, so he gets no more offers
            _ = try await system.eventually(
                "Pat gone from the accepting dashers",
                { try await system.matching.listAcceptingDashers(.init(), options: cora.options) },
                until: { $0.dashers.isEmpty }
            )
            // And the offer he held went back to the queue: the next dasher is offered Cora's job
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: quinn.options)
            let next = try await system.offer(for: quinn)
            #expect(next.jobID == corasJob.jobID)
            #expect(next.offerID != offer.offerID)
            // And nobody sees his name: his profile is gone
            let profile = await #expect(throws: RPCError.self) {
                try await system.identity.getPublicProfile(.with { $0.userID = pat.userID }, options: cora.options)
            }
            #expect(profile?.code == .notFound)
            // And fleet-documents deleted his picture
            _ = try await system.eventually(
                "Pat's picture deleted",
                {
                    try await documents.getDocuments(
                        .with { $0.documentIds = [picture.documentID] },
                        options: operatorOptions
                    )
                },
                until: { $0.documents.isEmpty }
            )
            // And the books balance, his ledger entries kept
            let books = try await payments.checkBooks(.init(), options: operatorOptions)
            #expect(books.balanced)
            #expect(books.totalDebits == books.totalCredits)
            // And identity's outbox is empty: every context took account.deleted (nothing dead-lettered)
            let admin = Quad_Admin_V1_Admin.Client(transport: identityClient)
            #expect(try await admin.listDeadLetters(.init(), options: operatorOptions).deadLetters.isEmpty)
        }
    }

    @Test("a customer deleted past pickup: the job goes on without their name, and the dasher is paid")
    func pastPickupGoesOn() async throws {
        try await LaundrySystem.run { system in
            // Given Cora's job picked up by Dan, who sees her first name at the pickup place
            let cora = try await system.register("Cora", room: "214")
            let card = try await system.addCard(cora)
            let dan = try await system.registerDasher("Dan")
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dan.options)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: cora.options(key: "c-1")
            )
            let offer = try await system.offer(for: dan)
            _ = try await system.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: dan.options)
            _ = try await system.eventually(
                "the job assigned",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: cora.options) },
                until: { $0.dasherID == dan.userID }
            )
            for stage in [Quad_Jobs_V1_LaundryStage.onTheWayForPickup, .pickedUp] {
                _ = try await system.jobs.advanceStage(
                    .with {
                        $0.jobID = job.jobID; $0.toStage = stage
                    },
                    options: dan.options
                )
            }
            let before = try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: dan.options)
            #expect(before.pickup.firstName == "Cora")

            // When Cora deletes her account
            _ = try await system.identity.deleteAccount(
                .with { $0.password = "correct horse battery" },
                options: cora.options
            )

            // Then the job goes on (it is past the point of free cancellation), without her name
            let after = try await system.eventually(
                "Cora's name gone from the pickup place",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: dan.options) },
                until: { $0.pickup.firstName.isEmpty }
            )
            #expect(after.status == .open)
            #expect(after.pickup.room == "214")
            // And Dan finishes it and is paid from the hold payments kept
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .inWasher
                },
                options: dan.options
            )
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .finishedWashing
                },
                options: dan.options
            )
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .inDryer
                },
                options: dan.options
            )
            _ = try await system.jobs.reportDrying(
                .with {
                    $0.jobID = job.jobID; $0.actualLoads = 2;
                    $0.machineCost = .with {
                        $0.minorUnits = 650; $0.currency = "USD"
                    }
                },
                options: dan.options
            )
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .onTheWayForDropOff
                },
                options: dan.options
            )
            _ = try await system.jobs.advanceStage(
                .with {
                    $0.jobID = job.jobID; $0.toStage = .droppedOff
                },
                options: dan.options
            )
            _ = try await system.eventually(
                "the job paid",
                { try await system.jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: dan.options) },
                until: { $0.paymentState == .paid }
            )
            let paymentsClient = try system.operatorClient("payments")
            defer { paymentsClient.close() }
            let payments = Quad_Payments_V1_Payments.Client(transport: paymentsClient)
            #expect(try await payments.checkBooks(.init(), options: CallOptions(timeout: .seconds(10))).balanced)
        }
    }
}
