import Foundation
import HouseholdsService
import QuadContracts
import QuadTestSupport
import QuadWire
import Testing

@Suite("Bills: each period's expense exactly once, on its day in the household's zone (H10)")
struct BillTests {
    @Test("a bill is due this month on its day (the 31st on the 30th), made once when due, and reminded before")
    func firstPeriod() async throws {
        // 2026-09-21, Berlin: the 31st falls on 30 September.
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let bill = try await h.createBill("ivo", flat, 90_000, day: 31, reminderDays: 2, among: ["hana", "ivo"])
            #expect(bill.active && bill.payerID == "hana" && bill.createdBy == "ivo")
            #expect(Instant.local(bill.nextDueAtMicros) == "2026-09-30 00:00")
            #expect(try await h.changes(of: "hana").last?.kind == .billChanged)
            let reminders = try await h.billReminders(bill.billID)
            #expect(reminders.map(\.subject) == ["\(bill.billID):2026-09"])
            #expect(Instant.local(reminders[0].dueAt) == "2026-09-28 09:00")
            let reminder = try Quad_Households_V1_Reminder(jsonString: reminders[0].details)
            #expect(reminder.kind == .billDue && reminder.householdID == flat && reminder.householdName == "Flat 3B")
            #expect(reminder.userID == "hana" && reminder.billID == bill.billID && reminder.billDescription == "Rent")
            #expect(reminder.billAmount == Cents.usd(90_000) && reminder.dueAtMicros == reminders[0].dueAt)

            #expect(await h.expensesService.runBills(now: h.clock.micros).made.isEmpty)
            h.clock.advance(by: .seconds(9 * 86_400))
            let run = await h.expensesService.runBills(now: h.clock.micros)
            #expect(run.made == ["\(bill.billID):2026-09"] && run.failed.isEmpty)
            #expect(await h.expensesService.runBills(now: h.clock.micros).made.isEmpty)
            let made = try await h.billExpenses(bill.billID)
            #expect(made.map(\.period) == ["2026-09"] && made[0].spentAt == bill.nextDueAtMicros)
            #expect(try await h.storedNets(flat) == ["hana": 45_000, "ivo": -45_000])
            // The next period's reminder was inserted with the period's expense.
            let next = try await h.billReminders(bill.billID).map(\.subject)
            #expect(next == ["\(bill.billID):2026-09", "\(bill.billID):2026-10"])
            let listed = try await h.expenses("ivo") { try await $0.listBills(.with { $0.householdID = flat }) }
            #expect(listed.bills.count == 1 && Instant.local(listed.bills[0].nextDueAtMicros) == "2026-10-31 00:00")
            try await h.expectBalanced(flat)
        }
    }

    @Test("after downtime a run catches up every missed period, month ends included, each once")
    func catchUp() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let bill = try await h.createBill("hana", flat, 1_000, day: 31, among: ["hana", "ivo"])
            h.clock.advance(by: .seconds(162 * 86_400))  // 2027-03-02
            let run = await h.expensesService.runBills(now: h.clock.micros)
            #expect(run.made.count == 6)
            let made = try await h.billExpenses(bill.billID)
            #expect(made.map(\.period) == ["2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02"])
            #expect(
                made.map { Instant.local($0.spentAt) } == [
                    "2026-09-30 00:00", "2026-10-31 00:00", "2026-11-30 00:00", "2026-12-31 00:00",
                    "2027-01-31 00:00", "2027-02-28 00:00",
                ]
            )
            #expect(try await h.balances("ivo", flat).expenseCount == 6)
            try await h.expectBalanced(flat)
        }
    }

    @Test("the 31st falls on 29 February in a leap year")
    func leapYear() async throws {
        try await HouseholdsHarness.run(clock: TestClock(startMicros: Instant.utc("2028-02-10T12:00:00Z"))) { h in
            let flat = try await h.household(members: ["ivo"])
            let bill = try await h.createBill("hana", flat, 1_000, day: 31, reminderDays: 0, among: ["ivo"])
            #expect(Instant.local(bill.nextDueAtMicros) == "2028-02-29 00:00")
            h.clock.advance(by: .seconds(20 * 86_400))
            _ = await h.expensesService.runBills(now: h.clock.micros)
            let made = try await h.billExpenses(bill.billID)
            #expect(made.map(\.period) == ["2028-02"] && Instant.local(made[0].spentAt) == "2028-02-29 00:00")
        }
    }

    @Test("across a daylight-saving change the bill is due at local midnight and reminded at local 09:00")
    func daylightSaving() async throws {
        // Berlin moves to summer time on 28 March 2027, between the reminder (27th) and the bill's day (29th).
        try await HouseholdsHarness.run(clock: TestClock(startMicros: Instant.utc("2027-03-10T12:00:00Z"))) { h in
            let flat = try await h.household(members: ["ivo"])
            let bill = try await h.createBill("hana", flat, 1_000, day: 29, reminderDays: 2, among: ["ivo"])
            #expect(bill.nextDueAtMicros == Instant.utc("2027-03-28T22:00:00Z"))
            let reminders = try await h.billReminders(bill.billID)
            #expect(reminders.map(\.dueAt) == [Instant.utc("2027-03-27T08:00:00Z")])
            h.clock.advance(by: .seconds(19 * 86_400))
            _ = await h.expensesService.runBills(now: h.clock.micros)
            #expect(try await h.billExpenses(bill.billID).map(\.spentAt) == [Instant.utc("2027-03-28T22:00:00Z")])
            // April's: summer time throughout.
            let april = try await h.billReminders(bill.billID).map(\.dueAt)
            #expect(april.last == Instant.utc("2027-04-27T07:00:00Z"))
        }
    }

    @Test("two runners racing on one database, and a new one after a restart, make each period exactly once")
    func racingRunners() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            var bills: [String] = []
            for day in [1, 15, 28, 31] as [UInt32] {
                bills.append(
                    try await h.createBill("hana", flat, 3_001, day: day, among: ["hana", "ivo", "jun"]).billID
                )
            }
            let first = h.expensesService
            let second = ExpensesService(
                database: h.database,
                documents: h.documents,
                payments: h.payments,
                clock: h.clock.clock
            )
            h.clock.advance(by: .seconds(70 * 86_400))  // 2026-11-30
            let now = h.clock.micros
            async let a = first.runBills(now: now)
            async let b = second.runBills(now: now)
            let (runA, runB) = await (a, b)
            #expect(runA.failed.isEmpty && runB.failed.isEmpty)
            let made = runA.made + runB.made
            #expect(Set(made).count == made.count)
            // A restart: a new instance carries on from where the bills stand.
            h.clock.advance(by: .seconds(40 * 86_400))  // 2027-01-09
            let restarted = ExpensesService(
                database: h.database,
                documents: h.documents,
                payments: h.payments,
                clock: h.clock.clock
            )
            let later = await restarted.runBills(now: h.clock.micros)
            let all = made + later.made
            #expect(Set(all).count == all.count)
            for bill in bills {
                let periods = try await h.billExpenses(bill).map(\.period)
                #expect(Set(periods).count == periods.count, "\(bill): \(periods)")
            }
            // Day 1: Oct, Nov, Dec, Jan; 15, 28, 31: Sep (15: after the 21st, so Oct), ...
            let counts = try await bills.asyncMap { try await h.billExpenses($0).count }
            #expect(counts == [4, 3, 4, 4])
            #expect(all.count == 15)
            try await h.expectBalanced(flat)
        }
    }

    @Test("a stopped bill makes nothing more and its reminders not sent are dropped")
    func stop() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let bill = try await h.createBill("hana", flat, 1_000, day: 28, among: ["ivo"])
            let stopped = try await h.expenses("ivo") { try await $0.stopBill(.with { $0.billID = bill.billID }) }
            #expect(!stopped.active)
            #expect(try await h.billReminders(bill.billID).isEmpty)
            h.clock.advance(by: .seconds(60 * 86_400))
            #expect(await h.expensesService.runBills(now: h.clock.micros).made.isEmpty)
            #expect(try await h.billExpenses(bill.billID).isEmpty)
        }
    }

    @Test("when a bill's payer or one of its members has left, its next run stops it instead of charging them")
    func memberLeft() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            let bill = try await h.createBill(
                "hana",
                flat,
                3_000,
                day: 28,
                payer: "ivo",
                among: ["hana", "ivo", "jun"]
            )
            h.clock.advance(by: .seconds(7 * 86_400))
            #expect(await h.expensesService.runBills(now: h.clock.micros).made.count == 1)
            _ = try await h.as("jun") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            h.clock.advance(by: .seconds(31 * 86_400))
            #expect(await h.expensesService.runBills(now: h.clock.micros).made.isEmpty)
            let listed = try await h.expenses("hana") { try await $0.listBills(.with { $0.householdID = flat }) }
            #expect(listed.bills.map(\.active) == [false])
            #expect(try await h.changes(of: "hana").last?.bill.billID == bill.billID)
            #expect(try await h.billExpenses(bill.billID).map(\.period) == ["2026-09"])
            #expect(try await h.billReminders(bill.billID).allSatisfy { $0.subject.hasSuffix("2026-09") })
            try await h.expectBalanced(flat)
        }
    }

    @Test("a bill's bad fields are INVALID_ARGUMENT naming them, and nothing is stored")
    func refusals() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let good = Quad_Households_V1_CreateBillRequest.with {
                $0.householdID = flat
                $0.description_p = "Rent"
                $0.payerID = "hana"
                $0.amount = Cents.usd(1_000)
                $0.method = .equal
                $0.shares = [.with { $0.memberID = "ivo" }]
                $0.dayOfMonth = 1
            }
            let cases: [(String, (inout Quad_Households_V1_CreateBillRequest) -> Void)] = [
                ("day_of_month", { $0.dayOfMonth = 0 }),
                ("day_of_month", { $0.dayOfMonth = 32 }),
                ("reminder_days", { $0.reminderDays = 15 }),
                ("payer_id", { $0.payerID = "eve" }),
                ("payer_id", { $0.payerID = "" }),
                ("amount", { $0.amount = Cents.usd(-5) }),
                ("shares", { $0.shares = [] }),
                ("shares[0].member_id", { $0.shares = [.with { $0.memberID = "eve" }] }),
                ("method", { $0.method = .unspecified }),
                ("description", { $0.description_p = "" }),
            ]
            for (field, change) in cases {
                var request = good
                change(&request)
                await expectRefusal(.invalidArgument, field) {
                    _ = try await h.expenses("hana") { try await $0.createBill(request) }
                }
            }
            #expect(try await h.count("bill", in: flat) == 0)
            #expect(try await h.count("reminder", in: flat) == 0)
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
