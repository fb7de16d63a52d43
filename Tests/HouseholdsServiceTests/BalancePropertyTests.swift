import Foundation
import QuadContracts
import QuadKernel
import QuadTestSupport
import QuadWire
import Testing

@Suite("Balances: a random walk of expenses, edits, deletes and settlements keeps them summing to zero (H11)")
struct BalancePropertyTests {
    static let members = ["hana", "ivo", "jun", "kai"]

    @Test("after every step the nets sum to zero and match a recount and the pairs", arguments: [UInt64(7), 42, 2027])
    func randomWalk(seed: UInt64) async throws {
        try await HouseholdsHarness.run { h in
            var random = SeededGenerator(seed: seed)
            let flat = try await h.household(members: Array(Self.members.dropFirst()))
            var live: [Quad_Households_V1_Expense] = []
            for _ in 0..<40 {
                let actor = Self.members.randomElement(using: &random)!
                let step = live.isEmpty ? 0 : Int.random(in: 0..<10, using: &random)
                switch step {
                case 0..<5:
                    let (cents, method, shares) = (Self.cents(&random), Self.method(&random), Self.shares(&random))
                    let payer = Self.members.randomElement(using: &random)!
                    live.append(try await h.addExpense(actor, flat, cents, method, shares, paidBy: payer))
                case 5..<7:
                    let index = Int.random(in: 0..<live.count, using: &random)
                    let edit = Quad_Households_V1_EditExpenseRequest.with {
                        $0.expenseID = live[index].expenseID
                        $0.version = live[index].version
                        $0.amount = Cents.usd(Self.cents(&random))
                    }
                    live[index] = try await h.expenses(actor) { try await $0.editExpense(edit) }
                case 7:
                    let gone = live.remove(at: Int.random(in: 0..<live.count, using: &random))
                    _ = try await h.expenses(actor) {
                        try await $0.deleteExpense(.with { $0.expenseID = gone.expenseID })
                    }
                default:
                    let cash = Quad_Households_V1_RecordCashSettlementRequest.with {
                        $0.householdID = flat
                        $0.fromUserID = Self.members.filter { $0 != actor }.randomElement(using: &random)!
                        $0.amount = Cents.usd(Self.cents(&random) / 5 + 1)
                    }
                    _ = try await h.expenses(actor) { try await $0.recordCashSettlement(cash) }
                }
                try await h.expectBalanced(flat)
            }
            #expect(try await h.balances("hana", flat).expenseCount == UInt64(live.count))
        }
    }

    static func cents(_ random: inout SeededGenerator) -> Int64 { Int64.random(in: 1...100_000, using: &random) }

    static func method(_ random: inout SeededGenerator) -> Quad_Households_V1_SplitMethod {
        [.equal, .shares].randomElement(using: &random)!
    }

    static func shares(_ random: inout SeededGenerator) -> [(String, Int64)] {
        let chosen = members.filter { _ in Bool.random(using: &random) }
        return (chosen.isEmpty ? ["jun"] : chosen).map { ($0, Int64.random(in: 1...5, using: &random)) }
    }
}
