/// Rides' pricing as the payments core uses it (``PaymentsDomain/ProductPricing``): a seat is priced from one line,
/// the rider's share of the fare (``RidesKernel/RidesProduct/fareShareCode``, quantity 1, `amount` the share), with
/// ``RidesFeeSchedule``. No zone's prices are needed.
///
/// - The hold (``estimate(_:zone:)``) is the estimated share, the margin and the booking fee, one line each.
/// - The capture (``final(_:)``) is the share of the metered fare and the booking fee: the margin only sized the hold.
/// - A capture above the hold needs the rider's approval (``needsApproval(final:estimate:)``).
public struct RidesPricing: ProductPricing {
    /// Rides' product id.
    public static let product = RidesProduct.id
    /// The code of a hold's margin line.
    public static let marginCode = "margin"
    /// The code of the booking fee's line (jobs reads it from the hold).
    public static let bookingFeeCode = RidesProduct.bookingFeeCode

    /// The schedule the quotes are made with.
    public let schedule: RidesFeeSchedule

    /// Prices rides with `schedule`.
    public init(schedule: RidesFeeSchedule = .defaults) {
        self.schedule = schedule
    }

    public var product: String { Self.product }
    public var currency: String { schedule.currency }
    public var needsZonePrices: Bool { false }

    /// The hold of a seat: the estimated share, its margin (``RidesFeeSchedule/margin(for:)``) and the booking fee.
    ///
    /// Its split reimburses the offerer the share and the margin, the most a capture within the hold reimburses
    /// them (the margin is only ever taken as a larger share), and gives the platform the booking fee.
    public func estimate(_ items: [QuoteItem], zone: ZonePrices?) throws(PaymentsError) -> Quote {
        let share = try self.share(of: items)
        let margin = schedule.margin(for: share)
        let lines = [
            QuoteLine(
                code: RidesProduct.fareShareCode,
                description: "The rider's estimated share of the fare",
                amount: share
            ),
            QuoteLine(
                code: Self.marginCode,
                description: "Margin for the metered fare (\(marginDescription)), held but not charged",
                amount: margin
            ),
            QuoteLine(code: Self.bookingFeeCode, description: "Booking fee", amount: schedule.bookingFee),
        ]
        return try Quote(
            product: product,
            items: items,
            lines: lines,
            split: .rides(share: try share.adding(margin), bookingFee: schedule.bookingFee, schedule: schedule),
            isFinal: false
        )
    }

    /// The capture of a seat: the rider's share of the metered fare and the booking fee. A share of zero is allowed
    /// here (a rider who rode a few metres of a long ride may owe less than a cent): the booking fee alone is charged.
    public func final(_ items: [QuoteItem]) throws(PaymentsError) -> Quote {
        let share = try self.share(of: items, allowingZero: true)
        let lines = [
            QuoteLine(
                code: RidesProduct.fareShareCode,
                description: "The rider's share of the metered fare",
                amount: share
            ),
            QuoteLine(code: Self.bookingFeeCode, description: "Booking fee", amount: schedule.bookingFee),
        ]
        return try Quote(
            product: product,
            items: items,
            lines: lines,
            split: .rides(share: share, bookingFee: schedule.bookingFee, schedule: schedule),
            isFinal: true
        )
    }

    /// Whether a capture of `final` needs the rider's approval: it is above the hold of `estimate` (the share came
    /// out above the estimate and its margin), or in another currency, which no hold can approve. Jobs asks the rider
    /// and sends their answer as `above_hold_approved`.
    public func needsApproval(final: Money, estimate: Money) -> Bool {
        final.currency != estimate.currency || final.minorUnits > estimate.minorUnits
    }

    /// The share `items` name: exactly one ``RidesKernel/RidesProduct/fareShareCode`` line, quantity 1, its amount
    /// above zero (or zero, for a capture) and in the schedule's currency; each refusal names the field (`lines`,
    /// `lines[0].quantity`).
    private func share(of items: [QuoteItem], allowingZero: Bool = false) throws(PaymentsError) -> Money {
        guard items.count == 1, let item = items.first else { throw .fareShareCount(items.count, field: "lines") }
        let field = "lines[0]"
        try item.validate(field: field)
        guard item.code == RidesProduct.fareShareCode else {
            throw .unknownItem(item.code, field: "\(field).code", product: product, known: [RidesProduct.fareShareCode])
        }
        guard item.quantity == 1 else { throw .fareShareQuantity(item.quantity, field: "\(field).quantity") }
        guard let share = item.amount else { throw .missing(field: "\(field).amount", "the rider's share of the fare") }
        try share.requireCurrency(currency, field: "\(field).amount", of: "the rides fee schedule")
        guard share.isPositive || (allowingZero && share.minorUnits == 0) else {
            throw .notPositive(field: "\(field).amount", share)
        }
        return share
    }

    /// The margin's rule as people read it: `25%, at least USD 1.00`.
    private var marginDescription: String {
        let percent =
            schedule.marginBasisPoints.isMultiple(of: 100)
            ? "\(schedule.marginBasisPoints / 100)%" : "\(Double(schedule.marginBasisPoints) / 100)%"
        return schedule.minimumMargin.isPositive ? "\(percent), at least \(schedule.minimumMargin.formatted)" : percent
    }
}
