/// The platform's ride prices (R3, R4): the margin a seat's hold adds to the rider's estimated share, and the booking
/// fee the platform keeps.
///
/// A seat's hold is `share + margin + booking fee`, where the margin is ``marginBasisPoints`` of the estimated share,
/// rounded up to a whole minor unit, and at least ``minimumMargin``: the metered fare may come out above the estimate
/// (traffic, a longer route), and a share within the margin is captured without asking the rider again. The margin
/// is never charged: the capture is the metered share plus the booking fee. How a capture splits is
/// ``PaymentsDomain/EarningsSplit``'s rides rule: the offerer is reimbursed the share, the platform keeps the fee.
public struct RidesFeeSchedule: Sendable, Hashable {
    /// The margin, in hundredths of a percent of the estimated share (2500 = 25%); 0...10000.
    public let marginBasisPoints: Int
    /// The least margin a hold adds, whatever the share.
    public let minimumMargin: Money
    /// The platform's fee for each seat, charged with the share.
    public let bookingFee: Money

    /// The schedule's currency: every amount above, and every share it prices, is in it.
    public var currency: String { bookingFee.currency }

    /// Creates a schedule after checking it.
    ///
    /// - Throws: ``PaymentsDomain/PaymentsError`` `INVALID_ARGUMENT`, naming the field, when a currency code is
    ///   malformed, the amounts are not in one currency, an amount is negative, or the margin is outside 0...10000.
    public init(marginBasisPoints: Int, minimumMargin: Money, bookingFee: Money) throws(PaymentsError) {
        guard Money.isValidCurrencyCode(bookingFee.currency) else {
            throw .invalidCurrency(field: "booking_fee.currency", code: bookingFee.currency)
        }
        try minimumMargin.requireCurrency(bookingFee.currency, field: "minimum_margin", of: "the booking fee")
        for (field, amount) in [("booking_fee", bookingFee), ("minimum_margin", minimumMargin)] {
            guard !amount.isNegative else { throw .negative(field: field, amount) }
        }
        guard (0...10_000).contains(marginBasisPoints) else { throw .marginOutOfRange(marginBasisPoints) }
        self.init(unchecked: marginBasisPoints, minimumMargin: minimumMargin, bookingFee: bookingFee)
    }

    private init(unchecked marginBasisPoints: Int, minimumMargin: Money, bookingFee: Money) {
        self.marginBasisPoints = marginBasisPoints
        self.minimumMargin = minimumMargin
        self.bookingFee = bookingFee
    }

    /// In the currency of ``RidesKernel/RideTariff/standard`` (US dollars): a margin of 25% of the share, at least
    /// USD 1.00, and a booking fee of USD 0.25 a seat.
    ///
    /// A metered fare is seldom more than a quarter above a fair estimate; on a short ride (a share under USD 4.00) a
    /// quarter is less than a dollar, too little for a detour or a queue at the lights, hence the minimum. The
    /// booking fee is small because the offerer earns nothing: it pays for the card costs of the share.
    public static var defaults: RidesFeeSchedule {
        let currency = RideTariff.standard.currency
        return RidesFeeSchedule(
            unchecked: 2_500,
            minimumMargin: Money(minorUnits: 100, currency: currency),
            bookingFee: Money(minorUnits: 25, currency: currency)
        )
    }

    /// The margin a hold adds to an estimated share of `share`: ``marginBasisPoints`` of it rounded up to a whole
    /// minor unit, at least ``minimumMargin``.
    public func margin(for share: Money) -> Money {
        // share × margin / 10000 in full width: it cannot overflow, and as the margin is at most 10000 the quotient
        // is at most the share. A remainder rounds up: a hold is never short of its margin by a fraction of a cent.
        let product = max(share.minorUnits, 0).multipliedFullWidth(by: Int64(marginBasisPoints))
        let (quotient, remainder) = Int64(10_000).dividingFullWidth(product)
        let margin = quotient + (remainder > 0 ? 1 : 0)
        return Money(minorUnits: max(margin, minimumMargin.minorUnits), currency: currency)
    }
}
