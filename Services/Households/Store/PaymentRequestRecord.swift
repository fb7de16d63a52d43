import GRDB
import QuadKernel

/// A payment request's row (H12): `toID` asks `fromID` to pay them; `settlementID` is set once a settlement
/// answers it.
struct PaymentRequestRecord: Sendable, Hashable {
    var id: String
    var householdID: String
    var fromID: String
    var toID: String
    var amount: Money
    var note: String
    var createdAt: Int64
    var settlementID: String?

    init(
        id: String,
        householdID: String,
        fromID: String,
        toID: String,
        amount: Money,
        note: String,
        createdAt: Int64,
        settlementID: String? = nil
    ) {
        self.id = id
        self.householdID = householdID
        self.fromID = fromID
        self.toID = toID
        self.amount = amount
        self.note = note
        self.createdAt = createdAt
        self.settlementID = settlementID
    }

    init(row: Row) {
        self.init(
            id: row["id"],
            householdID: row["household_id"],
            fromID: row["from_id"],
            toID: row["to_id"],
            amount: Money(minorUnits: row["amount"], currency: row["currency"]),
            note: row["note"],
            createdAt: row["created_at"],
            settlementID: row["settlement_id"]
        )
    }
}
