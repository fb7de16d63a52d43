import Foundation
import GRDB
@testable import HouseholdsService
import HouseholdsDomain
import QuadContracts
import QuadKernel
import QuadWire
import Testing

@Suite("Balances: running nets and pairs, simplified or not (H11)")
struct BalanceTests {
    @Test("simplified, the debts are at most N-1 transfers settling every net; off, each pair's non-zero net")
    func simplifiedOrPairs() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            // hana pays 30.00 for all three; ivo pays 30.00 for all three; jun pays 30.00 for all three: all even,
            // but the pairs are not each zero unless every pair's own debts cancel.
            try await h.addExpense("hana", flat, 3_000, .exact, [("ivo", 3_000)])
            try await h.addExpense("ivo", flat, 3_000, .exact, [("jun", 3_000)])
            try await h.addExpense("jun", flat, 1_000, .exact, [("hana", 1_000)])
            try await h.expectBalanced(flat)
            // Nets: hana +20, ivo 0, jun -20.
            let simplified = try await h.balances("jun", flat)
            #expect(simplified.simplified && simplified.expenseCount == 3)
            #expect(simplified.members.map(\.net.minorUnits) == [2_000, 0, -2_000])
            #expect(simplified.debts.map { [$0.fromUserID, $0.toUserID] } == [["jun", "hana"]])
            #expect(simplified.debts.map(\.amount.minorUnits) == [2_000])
            _ = try await h.as("hana") { households in
                try await households.updateHousehold(
                    .with {
                        $0.householdID = flat
                        $0.simplifyDebts = false
                    }
                )
            }
            let pairs = try await h.balances("ivo", flat)
            #expect(!pairs.simplified)
            let owed = Set(pairs.debts.map { "\($0.fromUserID)->\($0.toUserID):\($0.amount.minorUnits)" })
            #expect(owed == ["ivo->hana:3000", "jun->ivo:3000", "hana->jun:1000"])
        }
    }

    @Test("a member who leaves owing stays listed with their net; one who leaves even is not")
    func formerMembers() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun", "kai"])
            try await h.addExpense("hana", flat, 1_000, .exact, [("jun", 1_000)])
            for member in ["jun", "kai"] {
                _ = try await h.as(member) { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            }
            let balances = try await h.balances("hana", flat)
            #expect(balances.members.map(\.memberID) == ["hana", "ivo", "jun"])
            #expect(balances.members.map(\.net.minorUnits) == [1_000, 0, -1_000])
            try await h.expectBalanced(flat)
        }
    }

    @Test("a balances read searches the balance tables by household and never touches the expenses")
    func readsNeverScanExpenses() async throws {
        try await HouseholdsHarness.run { h in
            for sql in BalanceStore.Statements.all {
                let plan = try await h.database.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["household"]).map {
                        $0["detail"] as String
                    }
                }
                #expect(plan.allSatisfy { $0.hasPrefix("SEARCH") }, "\(plan)")
                #expect(!plan.contains { $0.contains("expense") }, "\(plan)")
            }
        }
    }

    /// A measurement, not a unit test (STYLE 15): `QUAD_MEASURE_BALANCES=1 swift test --skip-build --filter
    /// balancesLatency` prints GetBalances' p50 and p99 over 1,000 reads of a household with 10,000 expenses.
    @Test(
        "GetBalances of a household with 10,000 expenses (measured on request)",
        .enabled(if: ProcessInfo.processInfo.environment["QUAD_MEASURE_BALANCES"] == "1")
    )
    func balancesLatency() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun", "kai"])
            let members = ["hana", "ivo", "jun", "kai"]
            for index in 0..<10_000 {
                let draft = HouseholdsDatabase.ExpenseDraft(
                    householdID: flat,
                    description: "Expense \(index)",
                    paidBy: members[index % 4],
                    amount: .init(minorUnits: Int64(100 + index), currency: "USD"),
                    method: .shares,
                    shares: members.enumerated().map { SplitShare(memberID: $1, value: Int64(1 + ($0 + index) % 3)) },
                    spentAt: h.clock.micros
                )
                _ = try await h.expensesService.database.addExpense(
                    draft,
                    id: "e\(index)",
                    by: "hana",
                    at: h.clock.micros
                )
            }
            var micros: [Int64] = []
            for _ in 0..<1_000 {
                let start = ContinuousClock.now
                _ = try await h.balances("ivo", flat)
                micros.append((ContinuousClock.now - start).microseconds)
            }
            micros.sort()
            print("GetBalances, 10,000 expenses: p50 \(micros[500]) µs, p99 \(micros[989]) µs, max \(micros[999]) µs")
            try await h.expectBalanced(flat)
        }
    }
}
