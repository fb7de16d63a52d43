import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Expenses for strangers: NOT_FOUND on every method with someone else's ids, nothing leaked or changed (H13)")
struct ExpensesStrangerTests {
    @Test("a non-member, and a member who left, get NOT_FOUND from every Expenses method and change nothing")
    func everyMethod() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "kai"])
            let expense = try await h.addExpense("hana", flat, 1_000, .equal, [("hana", 0), ("ivo", 0)])
            let bill = try await h.createBill("hana", flat, 5_000, day: 28, among: ["hana", "ivo"])
            let asked = try await h.expenses("hana") { expenses in
                try await expenses.requestPayment(
                    .with {
                        $0.householdID = flat
                        $0.fromUserID = "ivo"
                        $0.amount = Cents.usd(500)
                    }
                )
            }
            _ = try await h.as("kai") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            let own = try await h.household("Eve's", host: "eve", members: ["pia"])
            h.documents.add("doc-r", owner: .expense, expense.expenseID, purpose: .receipt, by: "eve")
            let nets = try await h.storedNets(flat)
            let feed = try await h.changes(of: "hana").count
            let shares: [Quad_Households_V1_SplitShare] = [.with { $0.memberID = "hana" }]

            for stranger in ["eve", "kai"] {
                let calls: [(String, @Sendable (Quad_Households_V1_Expenses.Client) async throws -> Void)] = [
                    (
                        "AddExpense",
                        { client in
                            _ = try await client.addExpense(
                                .with {
                                    $0.householdID = flat; $0.description_p = "x"; $0.amount = Cents.usd(100)
                                    $0.method = .equal; $0.shares = shares
                                }
                            )
                        }
                    ),
                    (
                        "EditExpense",
                        { client in
                            _ = try await client.editExpense(
                                .with {
                                    $0.expenseID = expense.expenseID; $0.version = 1; $0.description_p = "mine"
                                }
                            )
                        }
                    ),
                    (
                        "EditExpense with a receipt",
                        { client in
                            _ = try await client.editExpense(
                                .with {
                                    $0.expenseID = expense.expenseID; $0.version = 1; $0.receiptDocumentID = "doc-r"
                                }
                            )
                        }
                    ),
                    ("DeleteExpense", { _ = try await $0.deleteExpense(.with { $0.expenseID = expense.expenseID }) }),
                    ("GetExpense", { _ = try await $0.getExpense(.with { $0.expenseID = expense.expenseID }) }),
                    ("ListExpenses", { _ = try await $0.listExpenses(.with { $0.householdID = flat }) }),
                    (
                        "CreateBill",
                        { client in
                            _ = try await client.createBill(
                                .with {
                                    $0.householdID = flat; $0.description_p = "x"; $0.payerID = "hana"
                                    $0.amount = Cents.usd(100); $0.method = .equal; $0.shares = shares;
                                    $0.dayOfMonth = 1
                                }
                            )
                        }
                    ),
                    ("ListBills", { _ = try await $0.listBills(.with { $0.householdID = flat }) }),
                    ("StopBill", { _ = try await $0.stopBill(.with { $0.billID = bill.billID }) }),
                    ("GetBalances", { _ = try await $0.getBalances(.with { $0.householdID = flat }) }),
                    (
                        "RequestPayment",
                        { client in
                            _ = try await client.requestPayment(
                                .with {
                                    $0.householdID = flat; $0.fromUserID = "hana"; $0.amount = Cents.usd(100)
                                }
                            )
                        }
                    ),
                    ("ListPaymentRequests", { _ = try await $0.listPaymentRequests(.with { $0.householdID = flat }) }),
                    (
                        "RecordCashSettlement",
                        { client in
                            _ = try await client.recordCashSettlement(
                                .with {
                                    $0.householdID = flat; $0.fromUserID = "hana"; $0.amount = Cents.usd(100)
                                }
                            )
                        }
                    ),
                    ("ListSettlements", { _ = try await $0.listSettlements(.with { $0.householdID = flat }) }),
                ]
                for (name, call) in calls {
                    let refused = await #expect(throws: RPCError.self, "\(stranger) \(name)") {
                        try await h.expenses(stranger) { try await call($0) }
                    }
                    #expect(refused?.code == .notFound, "\(stranger) \(name): \(refused?.message ?? "")")
                    // An id-named call does not tell the stranger whose household it is.
                    if ["EditExpense", "DeleteExpense", "GetExpense", "StopBill"].contains(where: name.hasPrefix) {
                        #expect(refused?.message.contains(flat) == false, "\(name): \(refused?.message ?? "")")
                    }
                }
                await expectRefusal(.notFound) {
                    _ = try await SettlementTests.pay(
                        h,
                        stranger,
                        key: "k-\(stranger)",
                        SettlementTests.payment(flat, to: "hana", 100)
                    )
                }
            }
            // eve in her own household cannot answer hana's payment request.
            await expectRefusal(.notFound, "request_id") {
                _ = try await h.expenses("eve") { expenses in
                    try await expenses.recordCashSettlement(
                        .with {
                            $0.householdID = own
                            $0.fromUserID = "pia"
                            $0.amount = Cents.usd(100)
                            $0.requestID = asked.requestID
                        }
                    )
                }
            }
            #expect(try await h.storedNets(flat) == nets)
            #expect(try await h.changes(of: "hana").count == feed)
            #expect(try await h.count("expense", in: flat) == 1)
            #expect(try await h.count("settlement", in: flat) == 0)
            #expect(try await h.count("payment_request", in: flat) == 1)
            let stillActive = try await h.expenses("hana") { try await $0.listBills(.with { $0.householdID = flat }) }
            #expect(stillActive.bills.map(\.active) == [true])
            let read = try await h.expenses("ivo") {
                try await $0.getExpense(.with { $0.expenseID = expense.expenseID })
            }
            #expect(read.expense == expense && read.history.isEmpty)
        }
    }
}
