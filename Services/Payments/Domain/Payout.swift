/// A payout of part of a user's available balance (a worker's earnings) to their bank (P6).
///
/// The posting debits the user's ``AccountID/userBalance(user:)`` and credits ``AccountID/payoutsInTransit``; the
/// bank's confirmation later clears the transit account (``settledPosting(at:)``), or its return gives the money
/// back to the balance (``returnedPosting(at:)``). A payout above the available balance is refused, so the
/// balance never goes negative: a worker is never paid money they have not earned.
public struct Payout: Sendable, Hashable {
    /// The payout's id (the posting's reference).
    public let id: String
    /// Whose balance pays.
    public let user: String
    /// How much; above zero.
    public let amount: Money
    /// The payment provider's token for the user's bank account; never a raw account number.
    public let bankToken: String
    /// When it was requested (UTC microseconds).
    public let requestedAt: Int64

    /// Creates a payout request after checking its fields.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when an id or the bank token is empty, or the amount is not
    ///   above zero or has a malformed currency.
    public init(id: String, user: String, amount: Money, bankToken: String, requestedAt: Int64) throws(PaymentsError) {
        try requireIdentifier(id, field: "payout_id", "the id of this payout")
        try requireIdentifier(user, field: "user_id", "the user whose balance is paid out")
        try requireIdentifier(bankToken, field: "bank_token", "the provider's token for the bank account to pay")
        try amount.requirePositive(field: "amount")
        self.id = id
        self.user = user
        self.amount = amount
        self.bankToken = bankToken
        self.requestedAt = requestedAt
    }

    /// The posting for this payout, given what the user has `available` in its currency.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` when the amount exceeds `available`; `INVALID_ARGUMENT` when
    ///   `available` is in another currency.
    public func posting(available: Money) throws(PaymentsError) -> Posting {
        try available.requireCurrency(amount.currency, field: "available", of: "payout \(id)")
        guard amount.minorUnits <= available.minorUnits else {
            throw .insufficientBalance("payout \(id)", amount: amount, user: user, available: available)
        }
        return try Posting(
            kind: .payout,
            reference: id,
            postedAt: requestedAt,
            entries: [.debit(.userBalance(user: user), amount), .credit(.payoutsInTransit, amount)]
        )
    }

    /// The posting when the bank confirms the payout at `at`: the transit account clears against card clearing, the
    /// processor's balance of the platform that paid it.
    public func settledPosting(at: Int64) throws(PaymentsError) -> Posting {
        try Posting(
            kind: .payoutSettled,
            reference: id,
            postedAt: at,
            entries: [.debit(.payoutsInTransit, amount), .credit(.cardClearing, amount)]
        )
    }

    /// The posting when the bank returns the payout at `at`: the money leaves the transit account and is back in
    /// the user's available balance.
    public func returnedPosting(at: Int64) throws(PaymentsError) -> Posting {
        try Posting(
            kind: .payoutReturned,
            reference: id,
            postedAt: at,
            entries: [.debit(.payoutsInTransit, amount), .credit(.userBalance(user: user), amount)]
        )
    }
}
