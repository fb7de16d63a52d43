public import QuadKernel
import QuadWire

/// What payments answered for an in-app settlement (H12, P6): the transfer that moved the money.
public struct SettlementTransfer: Sendable, Hashable {
    /// payments' id of the transfer.
    public var transferID: String

    public init(transferID: String) {
        self.transferID = transferID
    }
}

/// Moves a household member's money to another from a card (payments' HouseholdTransfer, P6), for PayInApp.
///
/// Implementations must be idempotent on `settlementID`: households asks again with the same id after a timeout, a
/// retry or a restart, and the money must move once. A refusal that will not change on retry (a declined card) is a
/// thrown `RPCError` with a code other than UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED, ABORTED, RESOURCE_EXHAUSTED,
/// INTERNAL or UNKNOWN, and its message is kept as the settlement's `failure`; any of those codes (or another error)
/// means "not answered": the settlement stays pending and is asked again.
public protocol SettlementPayments: Sendable {
    func transfer(
        from: String,
        to: String,
        amount: Money,
        paymentMethodID: String,
        householdID: String,
        settlementID: String
    ) async throws -> SettlementTransfer
}

/// Stands in until payments' HouseholdTransfer is wired: every transfer is unanswered (UNAVAILABLE), so an in-app
/// settlement stays pending, and is completed by ``ExpensesService/resumePendingSettlements()`` once a real
/// implementation runs.
public struct UnavailableSettlementPayments: SettlementPayments {
    public init() {}

    public func transfer(
        from: String,
        to: String,
        amount: Money,
        paymentMethodID: String,
        householdID: String,
        settlementID: String
    ) async throws -> SettlementTransfer {
        throw RPCError(code: .unavailable, message: "in-app settlements are not connected to payments yet")
    }
}
