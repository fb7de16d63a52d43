/// A move of part of one user's available balance to another user's (P6, H12: household settle-up in the app).
///
/// The posting debits the payer's ``AccountID/userBalance(user:)`` and credits the payee's. It is refused above the
/// payer's available balance. Settling up from a card instead is a payment intent held and captured on the payer's
/// card and credited wholly to the payee with ``EarningsSplit/payee(_:)``.
public struct Transfer: Sendable, Hashable {
    /// The transfer's id (the posting's reference).
    public let id: String
    /// The payer.
    public let fromUser: String
    /// The payee; never the payer.
    public let toUser: String
    /// How much; above zero.
    public let amount: Money
    /// When it was requested (UTC microseconds).
    public let requestedAt: Int64

    /// Creates a transfer request after checking its fields.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when an id is empty, the two users are the same, or the amount
    ///   is not above zero or has a malformed currency.
    public init(id: String, fromUser: String, toUser: String, amount: Money, requestedAt: Int64)
        throws(PaymentsError)
    {
        try requireIdentifier(id, field: "transfer_id", "the id of this transfer")
        try requireIdentifier(fromUser, field: "from_user_id", "the user who pays")
        try requireIdentifier(toUser, field: "to_user_id", "the user who is paid")
        guard fromUser != toUser else { throw .transferToSelf(user: fromUser) }
        try amount.requirePositive(field: "amount")
        self.id = id
        self.fromUser = fromUser
        self.toUser = toUser
        self.amount = amount
        self.requestedAt = requestedAt
    }

    /// The posting for this transfer, given what the payer has `available` in its currency.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` when the amount exceeds `available`; `INVALID_ARGUMENT` when
    ///   `available` is in another currency.
    public func posting(available: Money) throws(PaymentsError) -> Posting {
        try available.requireCurrency(amount.currency, field: "available", of: "transfer \(id)")
        guard amount.minorUnits <= available.minorUnits else {
            throw .insufficientBalance("transfer \(id)", amount: amount, user: fromUser, available: available)
        }
        return try Posting(
            kind: .transfer,
            reference: id,
            postedAt: requestedAt,
            entries: [.debit(.userBalance(user: fromUser), amount), .credit(.userBalance(user: toUser), amount)]
        )
    }
}
