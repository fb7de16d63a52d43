import GRDB
import QuadKernel

/// A settlement's row (H12): cash recorded by its payee, or an in-app payment that is pending until payments
/// answers, then completed (counted in the balances) or failed.
struct SettlementRecord: Sendable, Hashable {
    enum Method: String, Sendable { case cash, inApp = "in_app" }
    enum State: String, Sendable { case pending, completed, failed }

    var id: String
    var householdID: String
    var fromID: String
    var toID: String
    var amount: Money
    var method: Method
    var state: State
    var paymentMethodID: String?
    var idempotencyKey: String?
    /// The in-app request as a canonical string, so a key reused for another request is told apart.
    var requestHash: String?
    var transferID: String?
    var failure: String?
    var recordedBy: String
    var createdAt: Int64
    var requestID: String?

    init(
        id: String,
        householdID: String,
        fromID: String,
        toID: String,
        amount: Money,
        method: Method,
        state: State,
        recordedBy: String,
        createdAt: Int64,
        requestID: String?
    ) {
        self.id = id
        self.householdID = householdID
        self.fromID = fromID
        self.toID = toID
        self.amount = amount
        self.method = method
        self.state = state
        self.recordedBy = recordedBy
        self.createdAt = createdAt
        self.requestID = requestID
    }

    init(row: Row) {
        self.init(
            id: row["id"],
            householdID: row["household_id"],
            fromID: row["from_id"],
            toID: row["to_id"],
            amount: Money(minorUnits: row["amount"], currency: row["currency"]),
            method: Method(rawValue: row["method"]) ?? .cash,
            state: State(rawValue: row["state"]) ?? .pending,
            recordedBy: row["recorded_by"],
            createdAt: row["created_at"],
            requestID: row["request_id"]
        )
        paymentMethodID = row["payment_method_id"]
        idempotencyKey = row["idempotency_key"]
        requestHash = row["request_hash"]
        transferID = row["transfer_id"]
        failure = row["failure"]
    }
}
