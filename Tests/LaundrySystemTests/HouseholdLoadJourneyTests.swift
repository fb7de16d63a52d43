import Foundation
import QuadContracts
import QuadLoad
import QuadLoadCore
import QuadToolKit
import QuadWire
import QuadWireNIO
import Testing

/// Households seeded through the gateway (`quad seed --households`, G9) and quad-load's `household` journey against
/// the whole system (G8): the seeded flat with its members, chores in rotation and rent bill, seeded again without a
/// second copy, then household journeys run open loop, every call answered, the balances summing to zero and the
/// books balanced.
@Suite(
    "Household seeding and quad-load's household journeys (G2, G8, G9)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct HouseholdLoadJourneyTests {
    @Test(
        "a seeded household has its members, chores in rotation and rent bill, once; household journeys add expenses, do chores and settle up",
        .timeLimit(.minutes(4))
    )
    func seededHouseholdsAndJourneys() async throws {
        try await LaundrySystem.run { system in
            let identity = try system.operatorClient("identity")
            defer { identity.close() }
            // Given two households of three, seeded as quad-load seeds them, each member on a device of their own
            let (households, devices) = try await Population.seedHouseholds(
                device: { try system.gatewayClient(from: "127.0.4.\($0 + 1)") },
                firstDevice: 0,
                count: 2,
                members: 3,
                seed: 91,
                password: "quad-load-password",
                operatorIdentity: identity
            )
            let population = Population.empty.adding(households: households, devices: devices)
            defer { population.close() }

            // Then each has its three members, three chores in rotation among them and a rent bill
            let first = households[0]
            let host = CallOptions(timeout: .seconds(20), metadata: population.bearer(first.members[0]))
            let detail = try await system.households.getHousehold(
                .with { $0.householdID = first.householdID },
                options: host
            )
            #expect(detail.members.map(\.userID) == first.members.map(\.userID))
            let chores = try await system.chores.listChores(.with { $0.householdID = first.householdID }, options: host)
            #expect(chores.chores.count == 3 && chores.chores.allSatisfy { $0.assignment == .rotation })
            #expect(Set(chores.chores.map(\.choreID)) == Set(first.choreIDs))
            let bills = try await system.expenses.listBills(.with { $0.householdID = first.householdID }, options: host)
            #expect(bills.bills.map(\.billID) == [first.billID])
            // And seeding it again finds the same household and adds nothing
            let again = try await DemoHouseholdSeeder(gateway: system.gateway, name: "Load 91 flat 1").seed(
                household: 1,
                members: first.members
            )
            #expect(again.householdID == first.householdID && again.choreIDs == first.choreIDs)
            #expect(again.billID == first.billID)
            let expensesBefore = try await system.expenses.listExpenses(
                .with { $0.householdID = first.householdID },
                options: host
            )
            #expect(expensesBefore.expenses.filter { $0.description_p.hasPrefix("Groceries at") }.count == 1)

            // When household journeys run, one a second for six seconds, think times 20 times shorter
            let plan = RunPlan(
                rate: 1,
                process: .constant,
                duration: .seconds(6),
                warmUp: .zero,
                callTimeout: .seconds(30),
                thinkScale: 0.05,
                drainTimeout: .seconds(120)
            )
            let outcome = await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix.parse("households"),
                transport: system.gateway,
                population: population
            ).run()

            // Then every journey that found its household free succeeded, and every call was answered
            let journeys = try #require(outcome.result.journeys.first { $0.name == "household" })
            #expect(journeys.count >= 4 && journeys.ok == journeys.count, "\(outcome.failures)")
            for method in outcome.result.methods {
                #expect(method.errors.isEmpty, "\(method.name): \(method.errors)")
            }
            let methods = Set(outcome.result.methods.map(\.name))
            for method in ["gateway.GetHouseholdHome", "expenses.AddExpense", "expenses.GetBalances"] {
                #expect(methods.contains(method), "\(method) not in \(methods.sorted())")
            }
            #expect(methods.contains("expenses.PayInApp") || methods.contains("expenses.RecordCashSettlement"))
            // And each household's balances still sum to zero
            for household in households {
                let options = CallOptions(timeout: .seconds(20), metadata: population.bearer(household.members[0]))
                let balances = try await system.expenses.getBalances(
                    .with { $0.householdID = household.householdID },
                    options: options
                )
                #expect(balances.members.reduce(0) { $0 + $1.net.minorUnits } == 0)
            }
            let paymentsClient = try system.operatorClient("payments")
            defer { paymentsClient.close() }
            let books = try await Quad_Payments_V1_Payments.Client(transport: paymentsClient).checkBooks(
                .init(),
                options: CallOptions(timeout: .seconds(10))
            )
            #expect(books.balanced)
        }
    }
}
