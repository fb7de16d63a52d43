import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// Settling up in the app (H12, P6) when households or payments is killed with -9 in the middle of a burst of
/// settle-ups: every flatmate retries with their idempotency key until it answers, and the money moves exactly once
/// per settle-up: the balances end at zero, the payee's available balance holds each payment once, and payments'
/// books balance.
@Suite(
    "Households: settle-up killed mid-way converges with no money moved twice",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct HouseholdSettleUpFaultTests {
    @Test("households killed with -9 during three settle-ups in the app", .timeLimit(.minutes(4)))
    func householdsKilled() async throws {
        try await settleUps(killing: "households")
    }

    @Test("payments killed with -9 during three settle-ups in the app", .timeLimit(.minutes(4)))
    func paymentsKilled() async throws {
        try await settleUps(killing: "payments")
    }

    /// Hana pays 400.00 for the four of them; Ivo, Jun and Kai each pay her back 100.00 in the app at once while
    /// `service` is killed, then again with the same key until each is completed.
    private func settleUps(killing service: String) async throws {
        try await LaundrySystem.run { system in
            let hana = try await Flatmate.join("Hana", "127.0.0.2", in: system)
            let ivo = try await Flatmate.join("Ivo", "127.0.0.3", in: system)
            let jun = try await Flatmate.join("Jun", "127.0.0.4", in: system)
            let kai = try await Flatmate.join("Kai", "127.0.0.5", in: system)
            defer { [hana, ivo, jun, kai].forEach { $0.client.close() } }
            let id = try await HouseholdsThroughGatewayTests.household("Flat 3B", host: hana, members: [ivo, jun, kai])
            _ = try await hana.expenses.addExpense(
                .with {
                    $0.householdID = id
                    $0.description_p = "Deposit for the flat"
                    $0.amount = Flatmate.usd(40_000)
                    $0.method = .equal
                    $0.shares = [hana, ivo, jun, kai].map { flatmate in .with { $0.memberID = flatmate.userID } }
                },
                options: hana.options
            )
            let before = try await hana.payments.getBalance(.init(), options: hana.options).available.minorUnits

            let payers = [ivo, jun, kai]
            let keys = payers.map { _ in UUID().uuidString }
            func pay(_ index: Int) async throws -> Quad_Households_V1_Settlement {
                try await payers[index].expenses.payInApp(
                    .with {
                        $0.householdID = id
                        $0.toUserID = hana.userID
                        $0.amount = Flatmate.usd(10_000)
                        $0.paymentMethodID = payers[index].card
                    },
                    options: payers[index].options(key: keys[index])
                )
            }
            // The burst and the kill at once: some answer, some fail, some may be half done.
            await withTaskGroup(of: Void.self) { group in
                for index in payers.indices { group.addTask { _ = try? await pay(index) } }
                group.addTask { await system.kill(service) }
            }
            try await system.restart(service)
            // Each flatmate retries with their own key until it is completed.
            var settlements: [Quad_Households_V1_Settlement] = []
            for index in payers.indices {
                let settled = try await system.eventually(
                    "\(index)'s settle-up completed",
                    { () -> Quad_Households_V1_Settlement? in try? await pay(index) },
                    until: { $0?.state == .completed }
                )
                settlements.append(try #require(settled))
            }
            #expect(Set(settlements.map(\.settlementID)).count == 3)
            // Asked once more with the same key: the same settlement, nothing moves again.
            let again = try await pay(0)
            #expect(again.settlementID == settlements[0].settlementID && again.state == .completed)

            let balances = try await hana.expenses.getBalances(.with { $0.householdID = id }, options: hana.options)
            #expect(balances.members.allSatisfy { $0.net.minorUnits == 0 }, "\(balances)")
            #expect(balances.debts.isEmpty)
            let listed = try await hana.expenses.listSettlements(.with { $0.householdID = id }, options: hana.options)
            #expect(listed.settlements.filter { $0.state == .completed }.count == 3)
            #expect(listed.settlements.allSatisfy { $0.state == .completed })
            let after = try await hana.payments.getBalance(.init(), options: hana.options).available.minorUnits
            #expect(after - before == 30_000)
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
