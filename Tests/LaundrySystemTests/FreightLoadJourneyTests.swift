import Foundation
import QuadContracts
import QuadLoad
import QuadLoadCore
import QuadToolKit
import QuadWire
import QuadWireNIO
import Testing

/// The demo carrier (`quad seed --carriers`, quad-load's freight population) and quad-load's `freight-load`
/// journey against the whole system: a carrier seeded through the gateway from several devices, seeded again
/// with the same organisation and loads, then freight journeys run open loop, every call answered.
@Suite(
    "Freight seeding and quad-load's freight journeys (G8, G9)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct FreightLoadJourneyTests {
    @Test(
        "a carrier seeded twice is the same carrier; freight-load journeys create, assign, move, locate, prove and complete loads",
        .timeLimit(.minutes(4))
    )
    func seededCarrierRunsFreightJourneys() async throws {
        try await LaundrySystem.run { system in
            let identity = try system.operatorClient("identity")
            defer { identity.close() }
            let shape = DemoCarrierSeeder.Shape(dispatchers: 2, drivers: 4, loads: 5)
            let people = DemoCarrierSeeder.people(carrier: 1, shape, prefix: "journey")
            let phones = try people.indices.map { try system.gatewayClient(from: "127.0.1.\($0 + 1)") }
            defer { for phone in phones { phone.close() } }
            func seed() async throws -> DemoCarrierSeeder.Carrier {
                let accounts = try await DemoCarrierSeeder.accounts(
                    people,
                    password: "quad-load-password",
                    operatorIdentity: identity
                )
                return try await DemoCarrierSeeder(gateways: phones, concurrency: 3).seed(
                    carrier: 1,
                    dispatchers: Array(accounts.prefix(2)),
                    drivers: Array(accounts.dropFirst(2)),
                    loads: shape.loads
                )
            }
            let carrier = try await seed()
            #expect(carrier.name == "Northfield Freight 1")
            #expect(carrier.dispatchers.map(\.role) == ["dispatcher", "dispatcher"])
            #expect(carrier.drivers.map(\.email) == (1...4).map { "journey1driver\($0)@northfield.edu" })
            #expect(carrier.loadIDs.count == 5 && Set(carrier.loadIDs).count == 5)
            // Everyone joined with their role; every other load is assigned, in turn.
            let lead = CallOptions(
                timeout: .seconds(20),
                metadata: ["authorization": "Bearer \(carrier.dispatchers[0].accessToken)"]
            )
            let freight = Quad_Freight_V1_Freight.Client(transport: system.gateway)
            let members = try await freight.listMembers(
                .with { $0.organisationID = carrier.organisationID },
                options: lead
            )
            #expect(members.members.count == 6)
            #expect(members.members.filter { $0.roles == [.driver] }.count == 4)
            let loads = try await freight.listLoads(.with { $0.organisationID = carrier.organisationID }, options: lead)
            let assigned = loads.loads.filter { !$0.driverID.isEmpty }.sorted { $0.number < $1.number }
            #expect(assigned.map(\.number) == ["L-0001", "L-0003", "L-0005"])
            #expect(assigned.map(\.driverID) == carrier.drivers.prefix(3).map(\.userID))

            // Seeded again: the same organisation, members and loads, fresh tokens.
            let again = try await seed()
            #expect(again.organisationID == carrier.organisationID)
            #expect(again.loadIDs == carrier.loadIDs)
            #expect(again.drivers.map(\.userID) == carrier.drivers.map(\.userID))
            #expect(again.drivers[0].accessToken != carrier.drivers[0].accessToken)
            let membersAgain = try await freight.listMembers(
                .with { $0.organisationID = carrier.organisationID },
                options: lead
            )
            #expect(membersAgain.members.count == 6)

            // freight-load journeys, two a second for two seconds, think times and pings 20 times faster.
            let population = Population(
                password: "quad-load-password",
                customers: [],
                dashers: [],
                carrier: again,
                devices: Dictionary(
                    zip((again.dispatchers + again.drivers).map(\.userID), phones).map { ($0, $1) },
                    uniquingKeysWith: { first, _ in first }
                )
            )
            let plan = RunPlan(
                rate: 2,
                process: .constant,
                duration: .seconds(2),
                warmUp: .zero,
                callTimeout: .seconds(30),
                thinkScale: 0.05,
                drainTimeout: .seconds(120)
            )
            let outcome = await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix.parse("freight"),
                transport: system.gateway,
                population: population
            ).run()
            let journeys = try #require(outcome.result.journeys.first { $0.name == "freight-load" })
            #expect(journeys.count == 4 && journeys.ok == 4, "\(outcome.failures)")
            #expect(outcome.failureCount == 0, "\(outcome.failures)")
            // Every call measured was answered (the window holds the calls due within it: on a busy machine the
            // later ones of a journey fall after it).
            for method in outcome.result.methods {
                #expect(method.errors.isEmpty, "\(method.name): \(method.errors)")
            }
            // The journeys' loads are completed, each with its proof of delivery, and their drivers were seen.
            let completed = try await freight.listLoads(
                .with {
                    $0.organisationID = carrier.organisationID; $0.status = .completed
                },
                options: lead
            )
            #expect(completed.loads.count == 4)
            let documents = Quad_Documents_V1_Documents.Client(transport: system.gateway)
            for load in completed.loads {
                let proofs = try await documents.listDocuments(
                    .with {
                        $0.ownerKind = .load; $0.ownerID = load.loadID
                    },
                    options: lead
                )
                #expect(proofs.documents.map(\.purpose) == [.proofOfDelivery])
                #expect(proofs.documents.first?.sizeBytes == 1 << 20)
                let stamped = try await freight.getLoad(.with { $0.loadID = load.loadID }, options: lead)
                #expect(
                    stamped.timeline.filter { $0.kind == .status }.map(\.status) == [
                        .onTheWay, .loading, .onTheWay, .unloading, .completed,
                    ]
                )
            }
            let seen = try await Quad_Freight_V1_Positions.Client(transport: system.gateway).getLatestPositions(
                .with { $0.organisationID = carrier.organisationID },
                options: lead
            )
            #expect(!seen.drivers.isEmpty)
            #expect(Set(seen.drivers.map(\.driverID)).isSubset(of: again.drivers.map(\.userID)))
        }
    }
}
