import Foundation
import QuadContracts
import QuadLoad
import QuadLoadCore
import QuadToolKit
import QuadWire
import QuadWireNIO
import Testing

/// Errands seeded through the gateway (`quad seed --errands`, G9) and quad-load's `errand` journey against the whole
/// system (G8): the seeded errands in the feed and on the requesters' homes (G2), seeded again without a second copy,
/// then errand journeys run open loop, every call answered and every errand delivered and rated.
@Suite(
    "Errand seeding and quad-load's errand journeys (G2, G8, G9)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct ErrandLoadJourneyTests {
    @Test(
        "seeded errands are in the feed and their requesters' homes, once; errand journeys post, accept, chat, buy, deliver and rate",
        .timeLimit(.minutes(4))
    )
    func seededErrandsAndJourneys() async throws {
        try await LaundrySystem.run { system in
            let identity = try system.operatorClient("identity")
            defer { identity.close() }
            // Given four customers with cards, each on a device of their own
            let population = try await Population.seed(
                device: { try system.gatewayClient(from: "127.0.3.\($0 + 1)") },
                customers: 4,
                dashers: 0,
                seed: 77,
                password: "quad-load-password",
                operatorIdentity: identity
            )
            defer { population.close() }
            let requesters = Array(population.customers.prefix(2))

            // When three errands are seeded for the first two, twice
            let seeder = DemoErrandSeeder(transport: system.gateway)
            let seeded = try await seeder.seed(errands: 3, requesters: requesters)
            let again = try await seeder.seed(errands: 3, requesters: requesters)

            // Then there are three, the same both times: the second run posted none
            #expect(seeded.count == 3 && Set(seeded).count == 3)
            #expect(Set(again) == Set(seeded))
            // And a buyer finds them in the campus feed, each with two catalog items and its hold
            let buyer = population.customers[3]
            let buyerOptions = CallOptions(timeout: .seconds(20), metadata: population.bearer(buyer))
            let errands = Quad_Jobs_V1_Errands.Client(transport: system.gateway)
            let feed = try await errands.listErrandFeed(.init(), options: buyerOptions)
            let listed = feed.errands.filter { seeded.contains($0.errandID) }
            #expect(listed.count == 3)
            #expect(listed.allSatisfy { $0.items.count == 2 && $0.total.minorUnits > 0 })
            // And the first requester's customer home lists their two open errands, nothing to deliver
            let home = try await Quad_Gateway_V1_Gateway.Client(transport: system.gateway).getCustomerHome(
                .init(),
                options: CallOptions(timeout: .seconds(20), metadata: population.bearer(requesters[0]))
            )
            #expect(home.myErrands.status.code == 0, "\(home.myErrands.status.message)")
            #expect(Set(home.myErrands.errands.map(\.errandID)) == Set(seeded.prefix(2)))
            #expect(home.myErrands.errands.allSatisfy { $0.stage == .open })
            #expect(home.errandsToDeliver.status.code == 0 && home.errandsToDeliver.errands.isEmpty)

            // When errand journeys run, one every two seconds for eight seconds, think times 20 times shorter (the
            // report keeps the calls whose intended start is in the measured window, so the window is long enough
            // for the first journey's last calls even on CI's busy cores)
            let plan = RunPlan(
                rate: 0.5,
                process: .constant,
                duration: .seconds(8),
                warmUp: .zero,
                callTimeout: .seconds(30),
                thinkScale: 0.05,
                drainTimeout: .seconds(120)
            )
            let outcome = await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix.parse("errands"),
                transport: system.gateway,
                population: population
            ).run()

            // Then every journey succeeded and every call was answered
            let journeys = try #require(outcome.result.journeys.first { $0.name == "errand" })
            #expect(journeys.count == 4 && journeys.ok == 4, "\(outcome.failures)")
            #expect(outcome.failureCount == 0, "\(outcome.failures)")
            for method in outcome.result.methods {
                #expect(method.errors.isEmpty, "\(method.name): \(method.errors)")
            }
            // And the report's per-method table has the errands' methods
            let methods = Set(outcome.result.methods.map(\.name))
            for method in [
                "errands.SearchItemCatalog", "payments.QuoteErrand", "errands.PostErrand", "errands.ListErrandFeed",
                "errands.AcceptErrand", "errands.SendErrandMessage", "errands.RecordPurchase", "documents.Upload",
                "errands.DeliverErrand", "errands.ReviewErrand", "gateway.Subscribe",
            ] {
                #expect(methods.contains(method), "\(method) not in \(methods.sorted())")
            }
            // And the journeys' errands are completed, bought with a receipt, and rated by both
            var completed: [Quad_Jobs_V1_Errand] = []
            for customer in population.customers {
                completed += try await errands.listMyErrands(
                    .with { $0.role = .requester },
                    options: CallOptions(timeout: .seconds(20), metadata: population.bearer(customer))
                ).errands.filter { $0.status == .completed }
            }
            #expect(completed.count == 4)
            for errand in completed {
                #expect(!errand.purchase.receiptDocumentID.isEmpty)
                // Captured on delivery (paid once payments confirms)
                #expect(
                    [.capturePending, .paid].contains(errand.paymentState),
                    "\(errand.errandID): \(errand.paymentState)"
                )
                #expect(errand.hasRequesterReview && errand.hasBuyerReview)
            }
        }
    }
}
