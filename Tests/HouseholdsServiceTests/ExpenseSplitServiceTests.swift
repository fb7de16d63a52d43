import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Expenses: every split through the service, and every refusal changing nothing (H10)")
struct ExpenseSplitServiceTests {
    @Test(
        "each method splits an amount that does not divide evenly to the cent, parts summing to it",
        arguments: [
            (Quad_Households_V1_SplitMethod.equal, [Int64(0), 0, 0], Int64(10_001), [Int64(3_334), 3_334, 3_333]),
            (.exact, [2_500, 7_500, 1], 10_001, [2_500, 7_500, 1]),
            (.percent, [3_333, 3_333, 3_334], 10_001, [3_333, 3_333, 3_335]),
            (.shares, [1, 2, 4], 1_000, [143, 286, 571]),
            (.shares, [1, 0, 1], 101, [51, 0, 50]),
        ]
    )
    func splits(
        method: Quad_Households_V1_SplitMethod,
        values: [Int64],
        cents: Int64,
        expected: [Int64]
    ) async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let shares = zip(["hana", "ivo", "jun"], values).map { ($0, $1) }
            let expense = try await h.addExpense("ivo", flat, cents, method, shares)
            #expect(expense.method == method)
            #expect(expense.shares.map(\.value) == values)
            #expect(expense.parts.map(\.amount.minorUnits) == expected)
            #expect(expense.parts.map(\.amount.minorUnits).reduce(0, +) == cents)
            try await h.expectBalanced(flat)
        }
    }

    @Test("bad inputs are INVALID_ARGUMENT naming the field, and nothing is stored, counted or logged")
    func refusals() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            try await h.addExpense("hana", flat, 900, .equal, [("hana", 0), ("ivo", 0), ("jun", 0)])
            let thousands = (0..<10_000).map { ("member-\($0)", Int64(1)) }
            typealias Case = (String, Int64, Quad_Households_V1_SplitMethod, [(String, Int64)], String, String)
            let cases: [Case] = [
                ("split not summing", 1_000, .exact, [("hana", 500), ("ivo", 400)], "", "shares"),
                ("negative amount", -500, .equal, [("hana", 0)], "", "amount"),
                ("zero amount", 0, .equal, [("hana", 0)], "", "amount"),
                ("percentages over 100%", 1_000, .percent, [("hana", 6_000), ("ivo", 5_000)], "", "shares"),
                ("a percentage over 100%", 1_000, .percent, [("hana", 10_001)], "", "shares[0].percent"),
                ("10,000 members", 1_000_000, .shares, thousands, "", "shares"),
                ("a member twice", 1_000, .equal, [("hana", 0), ("hana", 0)], "", "shares[1].member_id"),
                ("no shares", 1_000, .equal, [], "", "shares"),
                ("a stranger's share", 1_000, .equal, [("hana", 0), ("eve", 0)], "", "shares[1].member_id"),
                ("a stranger paying", 1_000, .equal, [("hana", 0)], "eve", "paid_by"),
                ("no method", 1_000, .unspecified, [("hana", 0)], "", "method"),
                ("negative weight", 1_000, .shares, [("hana", -1), ("ivo", 2)], "", "shares[0].weight"),
                ("weights all zero", 1_000, .shares, [("hana", 0)], "", "shares"),
            ]
            let before = try await h.storedNets(flat)
            let feed = try await h.changes(of: "hana").count
            for (_, cents, method, shares, payer, field) in cases {
                await expectRefusal(.invalidArgument, field) {
                    try await h.addExpense("hana", flat, cents, method, shares, paidBy: payer)
                }
            }
            await expectRefusal(.invalidArgument, "amount.currency") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.addExpense(
                        .with {
                            $0.householdID = flat
                            $0.description_p = "Euros"
                            $0.amount = .with {
                                $0.minorUnits = 100
                                $0.currency = "EUR"
                            }
                            $0.method = .equal
                            $0.shares = [.with { $0.memberID = "hana" }]
                        }
                    )
                }
            }
            await expectRefusal(.invalidArgument, "spent_at_micros") {
                try await h.addExpense("hana", flat, 100, .equal, [("hana", 0)], spentAt: -1)
            }
            await expectRefusal(.invalidArgument, "limit") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.listExpenses(
                        .with {
                            $0.householdID = flat
                            $0.limit = 201
                        }
                    )
                }
            }
            for description in ["", "  ", String(repeating: "x", count: 201)] {
                await expectRefusal(.invalidArgument, "description") {
                    try await h.addExpense("hana", flat, 100, .equal, [("hana", 0)], description: description)
                }
            }
            #expect(try await h.count("expense", in: flat) == 1)
            #expect(try await h.storedNets(flat) == before)
            #expect(try await h.balances("hana", flat).expenseCount == 1)
            #expect(try await h.changes(of: "hana").count == feed)
            try await h.expectBalanced(flat)
        }
    }

    @Test("an edit with a bad split is refused naming the field and leaves the expense, its history and balances")
    func badEdits() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let expense = try await h.addExpense("hana", flat, 1_000, .equal, [("hana", 0), ("ivo", 0)])
            let before = try await h.storedNets(flat)
            let edits: [(Quad_Households_V1_EditExpenseRequest, String)] = [
                (.with { $0.amount = Cents.usd(-1) }, "amount"),
                (
                    .with {
                        $0.method = .percent
                        $0.shares = [
                            .with {
                                $0.memberID = "hana"; $0.value = 9_000
                            }
                        ]
                    }, "shares"
                ),
                (.with { $0.method = .exact }, "shares"),
                (.with { $0.paidBy = "eve" }, "paid_by"),
                (.with { $0.description_p = String(repeating: "y", count: 201) }, "description"),
            ]
            for (edit, field) in edits {
                var request = edit
                request.expenseID = expense.expenseID
                request.version = 1
                await expectRefusal(.invalidArgument, field) {
                    _ = try await h.expenses("ivo") { try await $0.editExpense(request) }
                }
            }
            let detail = try await h.expenses("ivo") {
                try await $0.getExpense(.with { $0.expenseID = expense.expenseID })
            }
            #expect(detail.expense == expense && detail.history.isEmpty)
            #expect(try await h.storedNets(flat) == before)
        }
    }
}
