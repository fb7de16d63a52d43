import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Expenses: add, edit with history, delete, list (H10)")
struct ExpenseTests {
    @Test("an expense is split, counted, logged to every member, and read back; the payer defaults to the caller")
    func add() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let expense = try await h.addExpense("ivo", flat, 10_000, .equal, [("hana", 0), ("ivo", 0), ("jun", 0)])
            #expect(expense.paidBy == "ivo" && expense.createdBy == "ivo" && expense.version == 1)
            #expect(expense.parts.map(\.amount.minorUnits) == [3_334, 3_333, 3_333])
            #expect(expense.spentAtMicros == h.clock.micros)
            let read = try await h.expenses("jun") {
                try await $0.getExpense(.with { $0.expenseID = expense.expenseID })
            }
            #expect(read.expense == expense && read.history.isEmpty)
            let balances = try await h.balances("hana", flat)
            #expect(balances.expenseCount == 1)
            #expect(balances.members.map(\.memberID) == ["hana", "ivo", "jun"])
            #expect(balances.members.map(\.net.minorUnits) == [-3_334, 6_667, -3_333])
            for member in ["hana", "ivo", "jun"] {
                let last = try await h.changes(of: member).last
                #expect(last?.kind == .expenseChanged && last?.expense == expense)
            }
            try await h.expectBalanced(flat)
        }
    }

    @Test("an edit needs the current version, keeps the expense as it was, and moves the balances to the new split")
    func edit() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let expense = try await h.addExpense("hana", flat, 6_000, .equal, [("hana", 0), ("ivo", 0)])
            h.clock.advance(by: .seconds(60))
            let edited = try await h.expenses("ivo") { expenses in
                try await expenses.editExpense(
                    .with {
                        $0.expenseID = expense.expenseID
                        $0.version = 1
                        $0.amount = Cents.usd(9_000)
                        $0.description_p = "Groceries and wine"
                    }
                )
            }
            #expect(edited.version == 2 && edited.description_p == "Groceries and wine")
            #expect(edited.parts.map(\.amount.minorUnits) == [4_500, 4_500])
            #expect(try await h.storedNets(flat) == ["hana": 4_500, "ivo": -4_500])
            // A second edit of version 1 lost the race: FAILED_PRECONDITION, nothing changed.
            await expectRefusal(.failedPrecondition, "version:") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.editExpense(
                        .with {
                            $0.expenseID = expense.expenseID
                            $0.version = 1
                            $0.amount = Cents.usd(1)
                        }
                    )
                }
            }
            let detail = try await h.expenses("hana") {
                try await $0.getExpense(.with { $0.expenseID = expense.expenseID })
            }
            #expect(detail.expense == edited)
            #expect(detail.history.count == 1)
            #expect(detail.history[0].version == 2 && detail.history[0].changedBy == "ivo")
            #expect(detail.history[0].before == expense && !detail.history[0].deleted)
            try await h.expectBalanced(flat)
        }
    }

    @Test("a delete is soft and kept in the history; the balances and the count drop it; it changes no more")
    func delete() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let kept = try await h.addExpense("hana", flat, 1_000, .equal, [("hana", 0), ("ivo", 0)])
            let gone = try await h.addExpense("ivo", flat, 5_000, .exact, [("hana", 5_000)])
            let deleted = try await h.expenses("hana") {
                try await $0.deleteExpense(.with { $0.expenseID = gone.expenseID })
            }
            #expect(deleted.deleted && deleted.version == 2)
            #expect(try await h.storedNets(flat) == ["hana": 500, "ivo": -500])
            #expect(try await h.balances("ivo", flat).expenseCount == 1)
            let detail = try await h.expenses("ivo") {
                try await $0.getExpense(.with { $0.expenseID = gone.expenseID })
            }
            #expect(
                detail.expense.deleted && detail.history.map(\.deleted) == [true] && detail.history[0].before == gone
            )
            await expectRefusal(.failedPrecondition) {
                _ = try await h.expenses("hana") { try await $0.deleteExpense(.with { $0.expenseID = gone.expenseID }) }
            }
            await expectRefusal(.failedPrecondition) {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.editExpense(
                        .with {
                            $0.expenseID = gone.expenseID
                            $0.version = 2
                            $0.description_p = "back"
                        }
                    )
                }
            }
            let listed = try await h.expenses("hana") { try await $0.listExpenses(.with { $0.householdID = flat }) }
            #expect(listed.expenses.map(\.expenseID) == [kept.expenseID])
            let all = try await h.expenses("hana") { expenses in
                try await expenses.listExpenses(
                    .with {
                        $0.householdID = flat
                        $0.includeDeleted = true
                    }
                )
            }
            #expect(Set(all.expenses.map(\.expenseID)) == [kept.expenseID, gone.expenseID])
            try await h.expectBalanced(flat)
        }
    }

    @Test("the list pages newest spent first with a token, every expense once")
    func paging() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            var added: [String] = []
            for day in 0..<7 {
                let spent = h.clock.micros - Int64(day % 3) * 86_400_000_000 - Int64(day)
                added.append(
                    try await h.addExpense("hana", flat, 100, .equal, [("ivo", 0)], spentAt: spent).expenseID
                )
            }
            var seen: [Quad_Households_V1_Expense] = []
            var token = ""
            repeat {
                let page = try await h.expenses("ivo") { expenses in
                    try await expenses.listExpenses(
                        .with {
                            $0.householdID = flat
                            $0.limit = 3
                            $0.pageToken = token
                        }
                    )
                }
                #expect(page.expenses.count <= 3)
                seen += page.expenses
                token = page.nextPageToken
            } while !token.isEmpty
            #expect(Set(seen.map(\.expenseID)) == Set(added) && seen.count == 7)
            let order = seen.map { ($0.spentAtMicros, $0.expenseID) }
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 > $1 })
            await expectRefusal(.invalidArgument, "page_token") {
                _ = try await h.expenses("ivo") { expenses in
                    try await expenses.listExpenses(
                        .with {
                            $0.householdID = flat
                            $0.pageToken = "nope"
                        }
                    )
                }
            }
        }
    }

    @Test("a receipt is attached by an edit once uploaded for the expense; others and a down fleet-documents refused")
    func receipts() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let expense = try await h.addExpense("hana", flat, 2_000, .equal, [("hana", 0), ("ivo", 0)])
            await expectRefusal(.invalidArgument, "receipt_document_id") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.addExpense(
                        .with {
                            $0.householdID = flat
                            $0.description_p = "Lamp"
                            $0.amount = Cents.usd(100)
                            $0.method = .equal
                            $0.shares = [.with { $0.memberID = "hana" }]
                            $0.receiptDocumentID = "doc-early"
                        }
                    )
                }
            }
            h.documents.add("doc-other", owner: .expense, "another-expense", purpose: .receipt, by: "hana")
            h.documents.add("doc-photo", owner: .expense, expense.expenseID, purpose: .chorePhoto, by: "hana")
            h.documents.add("doc-receipt", owner: .expense, expense.expenseID, purpose: .receipt, by: "hana")
            func attach(_ document: String) async throws -> Quad_Households_V1_Expense {
                try await h.expenses("hana") { expenses in
                    try await expenses.editExpense(
                        .with {
                            $0.expenseID = expense.expenseID
                            $0.version = 1
                            $0.receiptDocumentID = document
                        }
                    )
                }
            }
            for document in ["doc-missing", "doc-other", "doc-photo"] {
                await expectRefusal(.invalidArgument, "receipt_document_id") { _ = try await attach(document) }
            }
            h.documents.down.withLock { $0 = true }
            await expectRefusal(.unavailable) { _ = try await attach("doc-receipt") }
            h.documents.down.withLock { $0 = false }
            let read = try await h.expenses("ivo") {
                try await $0.getExpense(.with { $0.expenseID = expense.expenseID })
            }
            #expect(read.expense == expense && read.history.isEmpty)
            let attached = try await attach("doc-receipt")
            #expect(attached.receiptDocumentID == "doc-receipt" && attached.version == 2)
        }
    }
}
