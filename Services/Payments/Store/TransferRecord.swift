public import PaymentsDomain

/// A transfer between users (P6, H12) as stored: the transfer and the payer's memo, what paid it (the balance, or a
/// card and the provider's charge) and, for households' settle-ups, what it settled.
public struct TransferRecord: Sendable, Hashable {
    /// The transfer.
    public var transfer: Transfer
    /// The payer's note, trimmed.
    public var memo: String
    /// The payer's payment method the amount was charged to; empty when their balance paid.
    public var paymentMethodID: String
    /// The provider's id of the charge (what a refund would name); empty when the balance paid.
    public var chargeReceiptID: String
    /// The household whose settle-up this paid (HouseholdTransfer); empty for a user's own Transfer.
    public var householdID: String
    /// Households' settlement this paid (HouseholdTransfer's idempotency key); empty for a user's own Transfer.
    public var settlementID: String

    /// Creates a record; a transfer from the balance needs only `transfer` and `memo`.
    public init(
        transfer: Transfer,
        memo: String,
        paymentMethodID: String = "",
        chargeReceiptID: String = "",
        householdID: String = "",
        settlementID: String = ""
    ) {
        self.transfer = transfer
        self.memo = memo
        self.paymentMethodID = paymentMethodID
        self.chargeReceiptID = chargeReceiptID
        self.householdID = householdID
        self.settlementID = settlementID
    }

    /// Whether the payer's card paid (rather than their balance).
    public var paidByCard: Bool { !paymentMethodID.isEmpty }
}
