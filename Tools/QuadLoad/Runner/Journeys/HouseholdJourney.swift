import Foundation
import QuadContracts
import QuadToolKit
import QuadWire

/// An evening in a shared flat (H5, H10-H12): a member opens the household home, adds an expense split equally
/// among everyone, marks one of their chores done, checks the balances, and settles up: a member who owes pays the
/// one they owe in the app from their card (PayInApp, with an idempotency key); one who is owed records cash from
/// the one who owes them. A household runs one journey at a time; when every one is busy the journey fails with a
/// message to seed more (`--households`).
public struct HouseholdJourney: Journey {
    public let name = "household"

    public init() {}

    public func run(_ session: JourneySession) async throws {
        guard !session.population.households.isEmpty else {
            throw JourneyError("\(name) needs households: seed them with --households")
        }
        guard let household = session.population.checkOutHousehold() else {
            throw JourneyError("every seeded household is busy: seed more with --households")
        }
        defer { session.population.checkIn(household: household) }
        let member = household.members[session.random(in: 0..<household.members.count)]
        let bearer = session.population.bearer(member)
        let device = session.device(of: member)
        let home = Quad_Gateway_V1_Gateway.Client(transport: device)
        let chores = Quad_Households_V1_Chores.Client(transport: device)
        let expenses = Quad_Households_V1_Expenses.Client(transport: device)

        let opened = try await session.call("gateway.GetHouseholdHome", metadata: bearer) {
            try await home.getHouseholdHome(.with { $0.householdID = household.householdID }, options: $0)
        }
        try await session.think(.milliseconds(800))
        let cents = Int64(500 + session.random(in: 0..<5_500))
        let expense = try await session.call("expenses.AddExpense", metadata: bearer) {
            try await expenses.addExpense(
                .with {
                    $0.householdID = household.householdID
                    $0.description_p = "Groceries"
                    $0.amount = .with {
                        $0.minorUnits = cents
                        $0.currency = "USD"
                    }
                    $0.method = .equal
                    $0.shares = household.members.map { person in .with { $0.memberID = person.userID } }
                },
                options: $0
            )
        }
        session.wrote(
            .expense,
            id: expense.expenseID,
            by: "expenses.AddExpense",
            owner: member.userID,
            parent: household.householdID,
            amountMinor: expense.amount.minorUnits,
            currency: expense.amount.currency
        )
        if let chore = opened.choresDueToMe.chores.first {
            try await session.think(.milliseconds(500))
            let done = try await session.call("chores.MarkChoreDone", metadata: bearer) {
                try await chores.markChoreDone(
                    .with {
                        $0.choreID = chore.choreID
                        $0.occurrenceID = chore.current.occurrenceID
                    },
                    options: $0
                )
            }
            session.wrote(
                .choreDone,
                id: done.completion.completionID,
                by: "chores.MarkChoreDone",
                owner: done.completion.doneBy,
                parent: household.householdID
            )
        }
        try await session.think(.milliseconds(500))
        let balances = try await session.call("expenses.GetBalances", metadata: bearer) {
            try await expenses.getBalances(.with { $0.householdID = household.householdID }, options: $0)
        }
        try await session.think(.milliseconds(500))
        if let debt = balances.debts.first(where: { $0.fromUserID == member.userID }),
            let card = member.paymentMethodID
        {
            let key = UUID().uuidString
            let paid = try await session.call(
                "expenses.PayInApp",
                metadata: bearer.merging(["idempotency-key": key]) { $1 }
            ) {
                try await expenses.payInApp(
                    .with {
                        $0.householdID = household.householdID
                        $0.toUserID = debt.toUserID
                        $0.amount = debt.amount
                        $0.paymentMethodID = card
                    },
                    options: $0
                )
            }
            guard paid.state == .completed else {
                throw JourneyError("a settle-up in the app ended \(paid.state): \(paid.failure)")
            }
            session.wrote(
                .settlement,
                id: paid.settlementID,
                by: "expenses.PayInApp",
                owner: paid.fromUserID,
                parent: household.householdID,
                amountMinor: paid.amount.minorUnits,
                currency: paid.amount.currency,
                idempotencyKey: key,
                state: "completed"
            )
        } else if let owed = balances.debts.first(where: { $0.toUserID == member.userID }) {
            let cash = try await session.call("expenses.RecordCashSettlement", metadata: bearer) {
                try await expenses.recordCashSettlement(
                    .with {
                        $0.householdID = household.householdID
                        $0.fromUserID = owed.fromUserID
                        $0.amount = owed.amount
                    },
                    options: $0
                )
            }
            session.wrote(
                .settlement,
                id: cash.settlementID,
                by: "expenses.RecordCashSettlement",
                owner: cash.fromUserID,
                parent: household.householdID,
                amountMinor: cash.amount.minorUnits,
                currency: cash.amount.currency,
                state: "completed"
            )
        }
    }
}
