import Foundation
import GRDB
import HouseholdsService
import QuadContracts
import QuadKernel
import QuadWire
import QuadWireCore
import Testing

/// Amounts and shortcuts for the expenses' tests.
enum Cents {
    static func usd(_ cents: Int64) -> Quad_Types_V1_Amount {
        .with {
            $0.minorUnits = cents
            $0.currency = "USD"
        }
    }
}

extension HouseholdsHarness {
    /// Adds an expense in `household` as `user`: `cents` USD split by `method` among `shares` (member, value).
    @discardableResult
    func addExpense(
        _ user: String,
        _ household: String,
        _ cents: Int64,
        _ method: Quad_Households_V1_SplitMethod = .equal,
        _ shares: [(String, Int64)],
        paidBy: String = "",
        description: String = "Groceries",
        spentAt: Int64 = 0
    ) async throws -> Quad_Households_V1_Expense {
        try await expenses(user) { expenses in
            try await expenses.addExpense(
                .with {
                    $0.householdID = household
                    $0.description_p = description
                    $0.paidBy = paidBy
                    $0.amount = Cents.usd(cents)
                    $0.method = method
                    $0.shares = shares.map { member, value in
                        .with {
                            $0.memberID = member
                            $0.value = value
                        }
                    }
                    $0.spentAtMicros = spentAt
                }
            )
        }
    }

    /// `household`'s balances as `user` reads them.
    func balances(_ user: String, _ household: String) async throws -> Quad_Households_V1_Balances {
        try await expenses(user) { try await $0.getBalances(.with { $0.householdID = household }) }
    }

    /// The running nets of `household` as stored, zero ones left out.
    func storedNets(_ household: String) async throws -> [String: Int64] {
        try await database.read { db in
            var nets: [String: Int64] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT user_id, net FROM member_balance WHERE household_id = ? AND net != 0",
                arguments: [household]
            ) {
                nets[row["user_id"]] = row["net"]
            }
            return nets
        }
    }

    /// The nets recounted from every expense not deleted and every completed settlement, zero ones left out.
    func recountedNets(_ household: String) async throws -> [String: Int64] {
        try await database.read { db in
            var nets: [String: Int64] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT paid_by, amount, parts FROM expense WHERE household_id = ? AND deleted_at IS NULL",
                arguments: [household]
            ) {
                nets[row["paid_by"], default: 0] += row["amount"] as Int64
                let parts = try JSONSerialization.jsonObject(with: Data((row["parts"] as String).utf8))
                for part in parts as? [[String: Any]] ?? [] {
                    nets[part["member_id"] as? String ?? "", default: 0] -=
                        (part["value"] as? NSNumber)?.int64Value ?? 0
                }
            }
            for row in try Row.fetchAll(
                db,
                sql: "SELECT from_id, to_id, amount FROM settlement WHERE household_id = ? AND state = 'completed'",
                arguments: [household]
            ) {
                nets[row["from_id"], default: 0] += row["amount"] as Int64
                nets[row["to_id"], default: 0] -= row["amount"] as Int64
            }
            return nets.filter { $0.value != 0 }
        }
    }

    /// Each member's side of the stored pairs, zero ones left out: it equals their net.
    func pairSides(_ household: String) async throws -> [String: Int64] {
        try await database.read { db in
            var sides: [String: Int64] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT first_id, second_id, owed FROM pair_balance WHERE household_id = ?",
                arguments: [household]
            ) {
                sides[row["first_id"], default: 0] -= row["owed"] as Int64
                sides[row["second_id"], default: 0] += row["owed"] as Int64
            }
            return sides.filter { $0.value != 0 }
        }
    }

    /// The balances' invariants after any step: the stored nets sum to zero, match a recount of the expenses and
    /// settlements and each member's side of the pairs, and GetBalances lists them summing to zero.
    func expectBalanced(
        _ household: String,
        as user: String = "hana",
        sourceLocation: SourceLocation = #_sourceLocation
    )
        async throws
    {
        let stored = try await storedNets(household)
        #expect(stored.values.reduce(0, +) == 0, "\(stored)", sourceLocation: sourceLocation)
        #expect(stored == (try await recountedNets(household)), sourceLocation: sourceLocation)
        #expect(stored == (try await pairSides(household)), sourceLocation: sourceLocation)
        let read = try await balances(user, household)
        #expect(read.members.map(\.net.minorUnits).reduce(0, +) == 0, sourceLocation: sourceLocation)
    }

    /// The rows of `table` in `household`, to check a refusal changed nothing.
    func count(_ table: String, in household: String) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE household_id = ?", arguments: [household])
                ?? 0
        }
    }
}

/// Expects `body` to be refused with `code` and a message starting with `prefix` (the field).
func expectRefusal(
    _ code: StatusCode,
    _ prefix: String = "",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    let refused = await #expect(throws: RPCError.self, sourceLocation: sourceLocation) { try await body() }
    #expect(refused?.code == code, "\(refused?.message ?? "")", sourceLocation: sourceLocation)
    #expect(refused?.message.hasPrefix(prefix) == true, "\(refused?.message ?? "")", sourceLocation: sourceLocation)
}

/// Instants written as people read them.
enum Instant {
    /// `2027-03-28T22:00:00Z` as UTC microseconds.
    static func utc(_ iso: String) -> Int64 {
        guard let date = ISO8601DateFormatter().date(from: iso) else { fatalError("not ISO 8601: \(iso)") }
        return Int64(date.timeIntervalSince1970) * 1_000_000
    }

    /// The local `yyyy-MM-dd HH:mm` of `instant` in `timeZone`.
    static func local(_ instant: Int64, _ timeZone: String = "Europe/Berlin") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: timeZone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant / 1_000_000)))
    }
}

extension HouseholdsHarness {
    /// Creates a bill in `household` as `user`: `cents` USD on `day`, split equally among `members`.
    func createBill(
        _ user: String,
        _ household: String,
        _ cents: Int64,
        day: UInt32,
        reminderDays: UInt32 = 3,
        payer: String = "hana",
        among members: [String]
    ) async throws -> Quad_Households_V1_Bill {
        try await expenses(user) { expenses in
            try await expenses.createBill(
                .with {
                    $0.householdID = household
                    $0.description_p = "Rent"
                    $0.payerID = payer
                    $0.amount = Cents.usd(cents)
                    $0.method = .equal
                    $0.shares = members.map { member in .with { $0.memberID = member } }
                    $0.dayOfMonth = day
                    $0.reminderDays = reminderDays
                }
            )
        }
    }

    /// The periods `bill` made expenses for, with when each was spent, oldest first.
    func billExpenses(_ bill: String) async throws -> [(period: String, spentAt: Int64)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT bill_period, spent_at FROM expense WHERE bill_id = ? ORDER BY bill_period",
                arguments: [bill]
            ).map { (period: $0["bill_period"], spentAt: $0["spent_at"]) }
        }
    }

    /// `bill`'s reminder rows: the subject, when due, and the Reminder in their details.
    func billReminders(_ bill: String) async throws -> [(subject: String, dueAt: Int64, details: String)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT subject_id, due_at, details FROM reminder
                    WHERE kind = 'bill_due' AND subject_id LIKE ? ORDER BY due_at
                    """,
                arguments: ["\(bill):%"]
            ).map { (subject: $0["subject_id"], dueAt: $0["due_at"], details: $0["details"]) }
        }
    }
}
