import Foundation
import QuadToolKit
import ServiceTestSupport
import Testing

@testable import quad

/// `quad seed` against a real `quad up` (issue 11, item 8): run twice in a row, both succeed and the second finds
/// the same people; the operators' SeedAccounts it uses is not reachable through the gateway.
@Suite(
    "quad seed, end to end",
    .serialized,
    .enabled(
        if: [
            "quad", "quad-identity", "quad-payments", "quad-matching", "quad-jobs", "quad-fleet-documents",
            "quad-gateway",
        ]
        .allSatisfy(BuildProducts.exists)
    )
)
struct QuadSeedTests {
    struct SeedFile: Decodable {
        var customers: [DemoSeeder.Seeded]
        var dashers: [DemoSeeder.Seeded]
        var requesters: [DemoSeeder.Seeded]
        var buyers: [DemoSeeder.Seeded]
        var riders: [DemoSeeder.Seeded]
        var carriers: [DemoCarrierSeeder.Carrier]
        var errandIDs: [String]
        var rideOfferIDs: [String]
        var households: [DemoHouseholdSeeder.Household]

        enum CodingKeys: String, CodingKey {
            case customers, dashers, requesters, buyers, riders, carriers, households
            case errandIDs = "errand_ids"
            case rideOfferIDs = "ride_offer_ids"
        }
    }

    @Test(
        "quad seed twice in a row succeeds both times, with the same people, cards, carrier, loads, errands, ride offers, household and fresh tokens"
    )
    func seedTwice() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quad-seed-\(UUID().uuidString)")
            .path
        let executables = directory + "/bin"
        try FileManager.default.createDirectory(atPath: executables, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in [
            "quad-identity", "quad-matching", "quad-payments", "quad-jobs", "quad-fleet-documents", "quad-households",
            "quad-gateway",
        ] {
            try FileManager.default.createSymbolicLink(
                atPath: "\(executables)/\(name)",
                withDestinationPath: BuildProducts.path(name)
            )
        }
        let layout = UpLayout(directory: directory)

        // Given `quad up` running identity, matching, payments, jobs, fleet-documents, households and the gateway
        try await QuadUpSystemTests.withQuadUp(directory: directory, arguments: ["--executables", executables]) { up in
            _ = try await QuadUpSystemTests.waitForEndpoints(layout, of: up) { $0.gateway != nil }
            let seed = [
                "seed", "--endpoints", layout.endpoints, "--customers", "3", "--dashers", "2", "--carriers", "1",
                "--dispatchers", "2", "--drivers", "3", "--loads", "4", "--requesters", "2", "--buyers", "1",
                "--errands", "3", "--riders", "2", "--rides", "3", "--households", "1", "--housemates", "3",
            ]

            // When quad seed runs
            let first = try await ProductRun.run("quad", seed, in: directory)
            #expect(first.status == 0, "\(first.output)")
            let seedPath = directory + "/seed.json"
            let firstFile = try JSONDecoder().decode(
                SeedFile.self,
                from: Data(contentsOf: URL(fileURLWithPath: seedPath))
            )
            // seed.json holds access tokens: owner-only (issue 11 item 1)
            #expect(QuadUpSystemTests.mode(seedPath) == 0o600)

            // And runs again at once
            let second = try await ProductRun.run("quad", seed, in: directory)

            // Then it succeeds too (no "too many registration attempts from this address")
            #expect(second.status == 0, "\(second.output)")
            #expect(!second.output.contains("too many"), "\(second.output)")
            let secondFile = try JSONDecoder().decode(
                SeedFile.self,
                from: Data(contentsOf: URL(fileURLWithPath: seedPath))
            )
            // And names the same people, each customer with the same card, with fresh access tokens
            #expect(secondFile.customers.map(\.userID) == firstFile.customers.map(\.userID))
            #expect(secondFile.dashers.map(\.userID) == firstFile.dashers.map(\.userID))
            #expect(
                secondFile.customers.map(\.email)
                    == ["customer1", "customer2", "customer3"].map { "\($0)@northfield.edu" }
            )
            #expect(secondFile.customers.allSatisfy { $0.paymentMethodID != nil })
            #expect(secondFile.customers.map(\.paymentMethodID) == firstFile.customers.map(\.paymentMethodID))
            #expect(secondFile.customers[0].accessToken != firstFile.customers[0].accessToken)
            // And the same carrier, with its dispatchers, drivers and loads, and fresh tokens
            let carrier = try #require(firstFile.carriers.first)
            let carrierAgain = try #require(secondFile.carriers.first)
            #expect(firstFile.carriers.count == 1 && secondFile.carriers.count == 1)
            #expect(carrier.name == "Northfield Freight 1")
            #expect(
                carrier.dispatchers.map(\.email) == ["c1dispatcher1@northfield.edu", "c1dispatcher2@northfield.edu"]
            )
            #expect(carrier.drivers.map(\.role) == ["driver", "driver", "driver"])
            #expect(carrier.loadIDs.count == 4)
            #expect(carrierAgain.organisationID == carrier.organisationID && carrierAgain.loadIDs == carrier.loadIDs)
            #expect(carrierAgain.drivers.map(\.userID) == carrier.drivers.map(\.userID))
            #expect(carrierAgain.drivers[0].accessToken != carrier.drivers[0].accessToken)

            // And the same requesters (each with a card) and buyer, and the same three open errands: none posted twice
            #expect(firstFile.requesters.map(\.email) == ["requester1@northfield.edu", "requester2@northfield.edu"])
            #expect(secondFile.requesters.map(\.userID) == firstFile.requesters.map(\.userID))
            #expect(secondFile.requesters.allSatisfy { $0.paymentMethodID != nil })
            #expect(secondFile.buyers.map(\.email) == ["buyer1@northfield.edu"])
            #expect(firstFile.errandIDs.count == 3)
            #expect(Set(secondFile.errandIDs) == Set(firstFile.errandIDs))

            // And the same riders (each with a card) and the same three open ride offers: none offered twice
            #expect(firstFile.riders.map(\.email) == ["rider1@northfield.edu", "rider2@northfield.edu"])
            #expect(secondFile.riders.map(\.userID) == firstFile.riders.map(\.userID))
            #expect(secondFile.riders.allSatisfy { $0.paymentMethodID != nil })
            #expect(firstFile.rideOfferIDs.count == 3)
            #expect(Set(secondFile.rideOfferIDs) == Set(firstFile.rideOfferIDs))

            // And the same household, its three members with cards, its three chores and its rent bill: none twice
            let flat = try #require(firstFile.households.first)
            let flatAgain = try #require(secondFile.households.first)
            #expect(firstFile.households.count == 1 && secondFile.households.count == 1)
            #expect(flat.name == "Flat 1" && flatAgain.householdID == flat.householdID)
            #expect(flat.members.map(\.email) == (1...3).map { "h1member\($0)@northfield.edu" })
            #expect(flatAgain.members.allSatisfy { $0.paymentMethodID != nil })
            #expect(flat.choreIDs.count == 3 && flatAgain.choreIDs == flat.choreIDs && flatAgain.billID == flat.billID)
            let flatHome = try await ProductRun.run(
                "quad",
                [
                    "call", "gateway", "quad.gateway.v1.Gateway/GetHouseholdHome", "{}", "--endpoints",
                    layout.endpoints, "-H", "authorization=Bearer \(flatAgain.members[0].accessToken)",
                ],
                in: directory
            )
            #expect(flatHome.status == 0, "\(flatHome.output)")
            #expect(flatHome.output.contains(flat.householdID) && flatHome.output.contains("Take out the bins"))

            // And the buyer's feed, through the gateway with their token, has the seeded errands, catalog items in them
            let feed = try await ProductRun.run(
                "quad",
                [
                    "call", "gateway", "quad.jobs.v1.Errands/ListErrandFeed", "{}", "--endpoints", layout.endpoints,
                    "-H", "authorization=Bearer \(secondFile.buyers[0].accessToken)",
                ],
                in: directory
            )
            #expect(feed.status == 0, "\(feed.output)")
            for id in firstFile.errandIDs { #expect(feed.output.contains(id), "\(feed.output)") }
            #expect(feed.output.contains("Oat milk"), "\(feed.output)")

            // And the first requester's customer home lists their open errands
            let home = try await ProductRun.run(
                "quad",
                [
                    "call", "gateway", "quad.gateway.v1.Gateway/GetCustomerHome", "{}", "--endpoints",
                    layout.endpoints, "-H", "authorization=Bearer \(secondFile.requesters[0].accessToken)",
                ],
                in: directory
            )
            #expect(home.status == 0, "\(home.output)")
            #expect(home.output.contains("myErrands"), "\(home.output)")
            #expect(home.output.contains(firstFile.errandIDs[0]), "\(home.output)")

            // And the first driver's home, through the gateway with their token, has the first load
            let driverHome = try await ProductRun.run(
                "quad",
                [
                    "call", "gateway", "quad.gateway.v1.Gateway/GetDriverHome", "{}", "--endpoints", layout.endpoints,
                    "-H", "authorization=Bearer \(carrierAgain.drivers[0].accessToken)",
                ],
                in: directory
            )
            #expect(driverHome.status == 0, "\(driverHome.output)")
            #expect(driverHome.output.contains(carrier.loadIDs[0]), "\(driverHome.output)")

            // And a seeded dasher's token works at once for a dasher's call through the gateway
            let accepting = try await ProductRun.run(
                "quad",
                [
                    "call", "gateway", "quad.matching.v1.Matching/SetAccepting", #"{"accepting": true}"#,
                    "--endpoints", layout.endpoints, "-H", "authorization=Bearer \(secondFile.dashers[0].accessToken)",
                ],
                in: directory
            )
            #expect(accepting.status == 0, "\(accepting.output)")

            // And the gateway does not route SeedAccounts, even with the operator's files at hand
            let throughGateway = try await ProductRun.run(
                "quad",
                [
                    "call", "gateway", "quad.identity.v1.Identity/SeedAccounts",
                    #"{"password": "quad-demo-password", "accounts": [{"registration": {"email": "x@northfield.edu"}}]}"#,
                    "--endpoints", layout.endpoints,
                ],
                in: directory
            )
            #expect(throughGateway.status != 0, "\(throughGateway.output)")
            #expect(throughGateway.output.contains("UNIMPLEMENTED: unknown method"), "\(throughGateway.output)")
        }
    }
}
