/// An account of the payments ledger (P4): the chart of accounts, from the platform's point of view.
///
/// - ``customerHold(customer:)``, memo asset, grows on the debit side: what is held (authorised, neither captured
///   nor released) on one customer's payment method.
/// - ``cardAuthorizations``, memo offset, credit: the total of all open holds, the other side of every hold entry.
/// - ``customerCharges(customer:)``, memo asset, debit: what was charged to one customer's payment method (captured
///   or charged above the hold) less what was refunded to it: the customer's own record of every cent paid and got
///   back.
/// - ``cardCharges``, memo offset, credit: the total of all customers' charges, the other side of every charge entry.
/// - ``cardClearing``, asset, debit: captured from customers and not refunded; what the card network owes the
///   platform until it settles.
/// - ``unallocatedReceipts``, liability, credit: captured and not yet credited to a worker or to the platform.
/// - ``userBalance(user:)``, liability, credit: what the platform owes one user (a worker's earnings and
///   reimbursements, transfers received); what they may be paid out.
/// - ``payoutsInTransit``, liability, credit: paid out to users' banks and not yet confirmed by the bank.
/// - ``platformRevenue``, revenue, credit: the platform's fees, the convenience fee and its share of the service fees.
/// - ``refunds``, contra-revenue, debit: what was given back to customers; the platform bears refunds.
///
/// A hold moves no money, so it lives on the memo pair (hold: debit ``customerHold(customer:)``, credit
/// ``cardAuthorizations``; the pair is unwound when the hold is captured, released or expires): the books record it
/// and a customer's pending amount is a balance, yet no real account pretends to hold the money. A capture or a
/// charge above the hold debits ``cardClearing`` and credits ``unallocatedReceipts``, and books the same amount to
/// the customer on the second memo pair (debit ``customerCharges(customer:)``, credit ``cardCharges``), which a
/// refund unwinds, so that the customer's ledger shows every charge and refund while the platform's accounts carry
/// the money; crediting earnings moves it on
/// to ``userBalance(user:)`` and ``platformRevenue``; a payout moves a user's balance to ``payoutsInTransit``; a
/// refund debits ``refunds`` and credits ``cardClearing``. A transfer paid by the payer's card is booked as such a
/// charge to the payer and moved on wholly to the payee's ``userBalance(user:)`` (``Transfer/cardPostings()``). The network's settlement and the bank's confirmation of a
/// payout are the service's to post when the provider reports them.
public enum AccountID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What is held on one customer's payment method.
    case customerHold(customer: String)
    /// The other side of every hold.
    case cardAuthorizations
    /// Charged to one customer's payment method, less what was refunded to it.
    case customerCharges(customer: String)
    /// The other side of every customer charge.
    case cardCharges
    /// Captured from customers, owed by the card network until it settles.
    case cardClearing
    /// Captured, not yet credited to a worker or to the platform.
    case unallocatedReceipts
    /// What the platform owes one user; a worker's earnings available for payout.
    case userBalance(user: String)
    /// Paid out, not yet confirmed by the bank.
    case payoutsInTransit
    /// The platform's fees.
    case platformRevenue
    /// Given back to customers.
    case refunds

    /// The side that increases the account: debit for assets, memo holds and refunds, credit for the rest.
    public var normalSide: LedgerEntry.Side {
        switch self {
        case .customerHold, .customerCharges, .cardClearing, .refunds: .debit
        case .cardAuthorizations, .cardCharges, .unallocatedReceipts, .userBalance, .payoutsInTransit,
            .platformRevenue:
            .credit
        }
    }

    /// The account as one stable string for storage: `customer_hold:<id>`, `customer_charges:<id>`,
    /// `user_balance:<id>`, or the name alone
    /// (`card_clearing`). ``init(code:)`` reads it back.
    public var code: String {
        switch self {
        case .customerHold(let customer): "customer_hold:\(customer)"
        case .cardAuthorizations: "card_authorizations"
        case .customerCharges(let customer): "customer_charges:\(customer)"
        case .cardCharges: "card_charges"
        case .cardClearing: "card_clearing"
        case .unallocatedReceipts: "unallocated_receipts"
        case .userBalance(let user): "user_balance:\(user)"
        case .payoutsInTransit: "payouts_in_transit"
        case .platformRevenue: "platform_revenue"
        case .refunds: "refunds"
        }
    }

    /// The account a ``code`` names, or `nil` when it names none (an owner's id may contain `:`; only the first one
    /// separates).
    public init?(code: String) {
        if let separator = code.firstIndex(of: ":") {
            let owner = String(code[code.index(after: separator)...])
            guard !owner.isEmpty else { return nil }
            switch code[..<separator] {
            case "customer_hold": self = .customerHold(customer: owner)
            case "customer_charges": self = .customerCharges(customer: owner)
            case "user_balance": self = .userBalance(user: owner)
            default: return nil
            }
            return
        }
        switch code {
        case "card_authorizations": self = .cardAuthorizations
        case "card_charges": self = .cardCharges
        case "card_clearing": self = .cardClearing
        case "unallocated_receipts": self = .unallocatedReceipts
        case "payouts_in_transit": self = .payoutsInTransit
        case "platform_revenue": self = .platformRevenue
        case "refunds": self = .refunds
        default: return nil
        }
    }

    /// The ``code``.
    public var description: String { code }

    /// Ordered by ``code``, so listings such as a trial balance read the same every time.
    public static func < (lhs: AccountID, rhs: AccountID) -> Bool { lhs.code < rhs.code }

    /// The customer or user the account belongs to, `nil` for the platform's own accounts.
    var owner: String? {
        switch self {
        case .customerHold(let customer), .customerCharges(let customer): customer
        case .userBalance(let user): user
        case .cardAuthorizations, .cardCharges, .cardClearing, .unallocatedReceipts, .payoutsInTransit,
            .platformRevenue, .refunds:
            nil
        }
    }
}
