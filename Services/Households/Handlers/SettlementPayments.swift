import QuadContracts
public import QuadKernel
public import QuadWire

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

/// payments' `HouseholdTransfer` (service-only, households alone may call it), over the wire: the payer's card is
/// charged and the payee's available balance credited, with the settlement id as the idempotency key, so a retry
/// after a timeout or a restart answers the first receipt and the money moves once (docs/payments-sandbox.md).
public struct PeerSettlementPayments: SettlementPayments {
    private let payments: Quad_Payments_V1_Payments.Client
    private let timeout: Duration

    /// - Parameters:
    ///   - payments: payments' service (`environment.peers.transport("payments")`).
    ///   - timeout: how long one transfer may take.
    public init(payments: any ClientTransport, timeout: Duration = .seconds(10)) {
        self.payments = Quad_Payments_V1_Payments.Client(transport: payments)
        self.timeout = timeout
    }

    public func transfer(
        from: String,
        to: String,
        amount: Money,
        paymentMethodID: String,
        householdID: String,
        settlementID: String
    ) async throws -> SettlementTransfer {
        let receipt = try await payments.householdTransfer(
            .with {
                $0.fromUserID = from
                $0.toUserID = to
                $0.amount = .with {
                    $0.minorUnits = amount.minorUnits
                    $0.currency = amount.currency
                }
                $0.paymentMethodID = paymentMethodID
                $0.householdID = householdID
                $0.settlementID = settlementID
            },
            options: CallOptions(timeout: timeout, metadata: ["idempotency-key": settlementID])
        )
        return SettlementTransfer(transferID: receipt.transferID)
    }
}
