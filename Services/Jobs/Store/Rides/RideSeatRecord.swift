public import JobsRides

/// A seat as jobs stores it: the seat (its timeline replayed through ``JobsRides``' rules) and what payments told
/// jobs of its money.
public struct RideSeatRecord: Sendable, Hashable {
    /// The seat.
    public var seat: RideSeat
    /// Where the money stands, `nil` while nothing is held (a request).
    public var paymentState: JobRecord.PaymentState?
    /// What payments did with the money, as timeline lines.
    public var paymentEntries: [JobRecord.PaymentEntry]
    /// The last change of the seat or its money.
    public var updatedAt: Int64

    /// Creates a record.
    public init(
        seat: RideSeat,
        paymentState: JobRecord.PaymentState? = nil,
        paymentEntries: [JobRecord.PaymentEntry] = [],
        updatedAt: Int64
    ) {
        self.seat = seat
        self.paymentState = paymentState
        self.paymentEntries = paymentEntries
        self.updatedAt = updatedAt
    }

    var statusColumn: String {
        switch seat.status {
        case .active: "active"
        case .cancelled: "cancelled"
        case .completed: "completed"
        }
    }
}

extension RideOffer {
    var statusColumn: String {
        switch status {
        case .open: "open"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    /// When it ended or was cancelled, `nil` while open.
    var endedAt: Int64? {
        switch status {
        case .open: nil
        case .ended(let at), .cancelled(let at): at
        }
    }
}
