/// The platform's errand prices (E1, E8): the delivery fee and the platform's part of it.
///
/// An errand's delivery fee is `base fee + per-unit fee × units`, at most ``maximumFee``, where the units are the sum
/// of the items' quantities (3 apples and 1 loaf are 4 units). Every amount is in one currency, the schedule's. How
/// the fee splits between the buyer and the platform is ``PaymentsDomain/EarningsSplit``'s errands rule, which reads
/// ``platformShareBasisPoints``; the items themselves are the buyer's money, paid back in full.
public struct ErrandsFeeSchedule: Sendable, Hashable {
    /// The fee of any errand, whatever its size.
    public let baseFee: Money
    /// What each unit bought adds to the fee.
    public let perUnitFee: Money
    /// The most a delivery fee is, however many units.
    public let maximumFee: Money
    /// The platform's part of the delivery fee, in hundredths of a percent (1000 = 10%); 0...10000.
    public let platformShareBasisPoints: Int

    /// The schedule's currency: every amount above is in it.
    public var currency: String { baseFee.currency }

    /// Creates a schedule after checking it.
    ///
    /// - Throws: ``PaymentsDomain/PaymentsError`` `INVALID_ARGUMENT`, naming the field, when a currency code is
    ///   malformed, the amounts are not all in one currency, an amount is negative, the maximum is below the base
    ///   fee, or the share is outside 0...10000.
    public init(
        baseFee: Money,
        perUnitFee: Money,
        maximumFee: Money,
        platformShareBasisPoints: Int
    ) throws(PaymentsError) {
        guard Money.isValidCurrencyCode(baseFee.currency) else {
            throw .invalidCurrency(field: "base_fee.currency", code: baseFee.currency)
        }
        for (field, amount) in [("base_fee", baseFee), ("per_unit_fee", perUnitFee), ("maximum_fee", maximumFee)] {
            try amount.requireCurrency(baseFee.currency, field: field, of: "the schedule's base fee")
            guard !amount.isNegative else { throw .negative(field: field, amount) }
        }
        guard maximumFee.minorUnits >= baseFee.minorUnits else {
            throw .maximumFeeBelowBase(maximumFee, base: baseFee)
        }
        guard (0...10_000).contains(platformShareBasisPoints) else {
            throw .platformShareOutOfRange(platformShareBasisPoints)
        }
        self.init(
            uncheckedBaseFee: baseFee,
            perUnitFee: perUnitFee,
            maximumFee: maximumFee,
            platformShareBasisPoints: platformShareBasisPoints
        )
    }

    private init(uncheckedBaseFee baseFee: Money, perUnitFee: Money, maximumFee: Money, platformShareBasisPoints: Int) {
        self.baseFee = baseFee
        self.perUnitFee = perUnitFee
        self.maximumFee = maximumFee
        self.platformShareBasisPoints = platformShareBasisPoints
    }

    /// In US dollars: USD 1.50 per errand and USD 0.25 per unit, at most USD 6.00, of which the platform keeps 10%.
    ///
    /// A small list (3 units: USD 2.25) costs about what a campus delivery app charges for a short trip; the cap is
    /// reached at 18 units, so a big shop never costs more than USD 6.00 to have brought. The buyer is paid back the
    /// items in full and keeps 90% of the fee: the platform's part is smaller than laundry's 15% because an errand's
    /// card costs are already borne on the items, which earn the platform nothing.
    public static var defaults: ErrandsFeeSchedule {
        ErrandsFeeSchedule(
            uncheckedBaseFee: Money(minorUnits: 150, currency: "USD"),
            perUnitFee: Money(minorUnits: 25, currency: "USD"),
            maximumFee: Money(minorUnits: 600, currency: "USD"),
            platformShareBasisPoints: 1_000
        )
    }

    /// The delivery fee of an errand of `units` units (the sum of its items' quantities): `base + per unit × units`,
    /// capped at ``maximumFee``.
    ///
    /// - Throws: ``PaymentsDomain/PaymentsError`` `INVALID_ARGUMENT` when `units` is negative.
    public func deliveryFee(units: Int) throws(PaymentsError) -> Money {
        guard units >= 0 else { throw .negativeQuantity(units, field: "units") }
        // Past the cap the exact figure does not matter, so an overflowing one is the cap too.
        let (perUnits, overflowed) = perUnitFee.minorUnits.multipliedReportingOverflow(by: Int64(units))
        let (fee, overflowedSum) = baseFee.minorUnits.addingReportingOverflow(perUnits)
        guard !overflowed, !overflowedSum, fee < maximumFee.minorUnits else { return maximumFee }
        return Money(minorUnits: fee, currency: currency)
    }

    /// The platform's part of a delivery fee of `fee`: ``platformShareBasisPoints`` of it, rounded down to a whole
    /// minor unit (the remainder, under one cent, is the buyer's).
    public func platformShare(of fee: Money) -> Money {
        // fee × share / 10000 in full width: it cannot overflow, and as the share is at most 10000 the quotient is at
        // most the fee. Dividing a non-negative amount rounds down.
        let product = max(fee.minorUnits, 0).multipliedFullWidth(by: Int64(platformShareBasisPoints))
        return Money(minorUnits: Int64(10_000).dividingFullWidth(product).quotient, currency: fee.currency)
    }
}
