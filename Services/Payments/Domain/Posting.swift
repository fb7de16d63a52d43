/// One balanced set of ledger entries written together: a hold, a capture, a refund, a payout (P4).
///
/// A posting balances per currency (the debits in each currency equal its credits), so the books balance after
/// every posting, not only in the end. The initializer refuses anything else; a `Posting` that exists is valid.
/// It is plain data for the service to store as one row plus one row per entry: ``kind``, ``reference`` (the intent,
/// payout or transfer it belongs to), ``postedAt`` and the ``entries``; reading a row back goes through the same
/// initializer, so a corrupted row is refused rather than trusted.
public struct Posting: Sendable, Hashable {
    /// What the posting records; stored by raw value.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// A hold placed on a customer's payment method.
        case hold
        /// A capture of (part of) a hold.
        case capture
        /// The part of a hold given back: released by request, or left over by a capture.
        case release
        /// A hold that lapsed uncaptured.
        case expiry
        /// A charge on a card with no hold before it: above a captured hold, approved by the customer, or a transfer
        /// paid by the payer's card.
        case charge
        /// Money given back to a customer.
        case refund
        /// Captured money credited to a worker (earnings and reimbursement).
        case earnings
        /// Captured money credited to the platform: the convenience fee and its share.
        case platformFee = "platform_fee"
        /// A user's balance paid out to their bank.
        case payout
        /// A payout the bank confirmed: it leaves the transit account.
        case payoutSettled = "payout_settled"
        /// A payout the bank returned: the money is back in the user's balance.
        case payoutReturned = "payout_returned"
        /// Money paid from one user to another (household settle-up): from the payer's balance, or, when their card
        /// paid, from the charge's ``AccountID/unallocatedReceipts``.
        case transfer
    }

    /// What the posting records.
    public let kind: Kind
    /// The id of what it belongs to: the payment intent, the payout or the transfer.
    public let reference: String
    /// When it was posted (UTC microseconds).
    public let postedAt: Int64
    /// The entries, in the order given.
    public let entries: [LedgerEntry]

    /// Creates a posting after checking it.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when `reference` is empty, there are fewer than two entries, an
    ///   entry's amount is not above zero or its currency is malformed, an account names an empty owner, or the
    ///   entries do not balance in some currency; `OUT_OF_RANGE` when a currency's entries overflow when summed.
    public init(kind: Kind, reference: String, postedAt: Int64, entries: [LedgerEntry]) throws(PaymentsError) {
        try requireIdentifier(reference, field: "reference", "the id of what the \(kind.rawValue) posting belongs to")
        guard entries.count >= 2 else { throw .postingTooShort(kind: kind, reference: reference, count: entries.count) }
        var totals: [String: (debits: Int64, credits: Int64)] = [:]
        for (index, entry) in entries.enumerated() {
            try entry.amount.requirePositive(field: "entries[\(index)].amount")
            if let owner = entry.account.owner {
                try requireIdentifier(
                    owner,
                    field: "entries[\(index)].account",
                    "the id of the account's customer or user"
                )
            }
            var total = totals[entry.amount.currency] ?? (0, 0)
            let overflow: Bool
            switch entry.side {
            case .debit: (total.debits, overflow) = total.debits.addingReportingOverflow(entry.amount.minorUnits)
            case .credit: (total.credits, overflow) = total.credits.addingReportingOverflow(entry.amount.minorUnits)
            }
            guard !overflow else { throw .overflow("the \(entry.side.rawValue)s in \(entry.amount.currency)") }
            totals[entry.amount.currency] = total
        }
        for (currency, total) in totals.sorted(by: { $0.key < $1.key }) where total.debits != total.credits {
            throw .unbalancedPosting(
                kind: kind,
                reference: reference,
                debits: Money(minorUnits: total.debits, currency: currency),
                credits: Money(minorUnits: total.credits, currency: currency)
            )
        }
        self.kind = kind
        self.reference = reference
        self.postedAt = postedAt
        self.entries = entries
    }

    /// The sum of the entries to `account` in `currency`, counted towards the account's normal side (a debit to a
    /// credit-normal account counts negative).
    public func net(for account: AccountID, in currency: String) -> Money {
        var net: Int64 = 0
        // Cannot overflow: the initializer summed each side of each currency without overflow.
        for entry in entries where entry.account == account && entry.amount.currency == currency {
            net += entry.side == account.normalSide ? entry.amount.minorUnits : -entry.amount.minorUnits
        }
        return Money(minorUnits: net, currency: currency)
    }
}
