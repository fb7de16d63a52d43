/// A payment from one user to another (P6, H12: household settle-up in the app), from the payer's available balance
/// or charged to the payer's card.
///
/// From the balance (``posting(available:)``), the posting debits the payer's ``AccountID/userBalance(user:)`` and
/// credits the payee's; it is refused above the payer's available balance. From a card (``cardPostings()``), the
/// amount is booked as a charge to the payer's card, as a capture is, and settled wholly to the payee's balance; the
/// payer's balance is not touched.
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

    /// The postings for this transfer once the provider charged the payer's card (a sale: authorised and captured
    /// at once).
    ///
    /// 1. The charge (kind charge), as a capture books a customer's card: the card network owes the platform the
    ///    amount (debit ``AccountID/cardClearing``, credit ``AccountID/unallocatedReceipts``), and the payer's own
    ///    record shows it (debit ``AccountID/customerCharges(customer:)``, credit ``AccountID/cardCharges``).
    /// 2. The settlement (kind transfer), as earnings are credited from a capture: all of it leaves
    ///    ``AccountID/unallocatedReceipts`` for the payee's ``AccountID/userBalance(user:)``. It is of kind transfer,
    ///    not earnings: a transfer received is no earning.
    ///
    /// Nothing is left in ``AccountID/unallocatedReceipts`` and the payer's balance is untouched.
    ///
    /// - Throws: ``PaymentsError`` only if the transfer's checked fields could not make a posting, which they can.
    public func cardPostings() throws(PaymentsError) -> [Posting] {
        [
            try Posting(
                kind: .charge,
                reference: id,
                postedAt: requestedAt,
                entries: [
                    .debit(.cardClearing, amount), .credit(.unallocatedReceipts, amount),
                    .debit(.customerCharges(customer: fromUser), amount), .credit(.cardCharges, amount),
                ]
            ),
            try Posting(
                kind: .transfer,
                reference: id,
                postedAt: requestedAt,
                entries: [.debit(.unallocatedReceipts, amount), .credit(.userBalance(user: toUser), amount)]
            ),
        ]
    }
}
