import Foundation
public import JobsErrands
public import QuadContracts

/// An errand as jobs stores it: the errand (its timeline replayed through ``JobsErrands``' rules) and what other
/// contexts told jobs of it (the hold's quote, what payments did with the money), with whether reports hid it.
public struct ErrandRecord: Sendable {
    /// The errand.
    public var errand: Errand
    /// Payments' quote of the hold: the items at their maxima and the delivery fee.
    public var estimate: Quad_Payments_V1_ErrandQuote
    /// Where the money stands, as payments confirmed it.
    public var paymentState: JobRecord.PaymentState
    /// What payments did with the money, as timeline lines.
    public var paymentEntries: [JobRecord.PaymentEntry]
    /// Reported by three people and waiting for an operator (E7): out of the feed.
    public var hidden: Bool
    /// The last change of the errand or its money.
    public var updatedAt: Int64

    /// Creates a record.
    public init(
        errand: Errand,
        estimate: Quad_Payments_V1_ErrandQuote,
        paymentState: JobRecord.PaymentState = .held,
        paymentEntries: [JobRecord.PaymentEntry] = [],
        hidden: Bool = false,
        updatedAt: Int64
    ) {
        self.errand = errand
        self.estimate = estimate
        self.paymentState = paymentState
        self.paymentEntries = paymentEntries
        self.hidden = hidden
        self.updatedAt = updatedAt
    }

    /// Whether it is in its campus's feed: open, active and not hidden (its needed-by time is checked as the feed
    /// is read).
    public var isListed: Bool {
        errand.status == .active && errand.stage == .open && !hidden
    }

    /// When it was cancelled or completed, `nil` while active.
    public var endedAt: Int64? {
        switch errand.status {
        case .active: nil
        case .cancelled(let at), .completed(let at): at
        }
    }

    /// When its chat closes: 7 days after it ended (E6); `nil` while it is active.
    public var chatClosesAt: Int64? {
        endedAt.map { $0 + ErrandsRules.chatOpenAfterEnd }
    }

    /// Whether `user` is one of its two people: the requester or the buyer.
    public func isParty(_ user: String) -> Bool {
        errand.requester == user || errand.buyer == user
    }

    /// Whether `user` of `campus` may see it: its two people always; anyone else of its campus while it is listed.
    public func isVisible(to user: String, campus: String) -> Bool {
        isParty(user) || (isListed && campus == errand.request.campus)
    }

    /// Whether someone of `campus` who saw it in the feed may try to accept it: any errand of their campus not hidden
    /// by reports, so that a buyer who lost the race (or came after a cancellation) is told why (E3) rather than
    /// that it does not exist.
    public func isAcceptable(by campus: String) -> Bool {
        !hidden && campus == errand.request.campus
    }

    var statusColumn: String {
        switch errand.status {
        case .active: "active"
        case .cancelled: "cancelled"
        case .completed: "completed"
        }
    }
}
