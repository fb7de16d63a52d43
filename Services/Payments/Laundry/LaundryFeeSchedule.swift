/// The platform's laundry prices (P1): the service fee, the convenience fee, the add-ons and the platform's share.
///
/// A job's price is `loads × (washer + dryer price of the dorm) + service fee + convenience fee + add-ons`
/// (``LaundryQuote``); the dorm's machine prices come from identity's campus directory (A5), the rest from here.
/// Every amount is in one currency, the schedule's. How a total splits between the dasher and the platform is
/// ``EarningsSplit``'s rule, which reads ``platformShareBasisPoints``.
public struct LaundryFeeSchedule: Sendable, Hashable {
    /// The flat service fee per job: the dasher's pay for collecting, tending and returning the laundry, less the
    /// platform's share.
    public let flatFee: Money
    /// The convenience fee per job: the platform's, for running the service (card fees, support).
    public let convenienceFee: Money
    /// The folding add-on, per job.
    public let foldingPrice: Money
    /// The ironing add-on, per job.
    public let ironingPrice: Money
    /// The platform's share of the service fee and add-ons, in hundredths of a percent (1500 = 15%); 0...10000.
    public let platformShareBasisPoints: Int

    /// The schedule's currency: every amount above is in it.
    public var currency: String { flatFee.currency }

    /// Creates a schedule after checking it.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT`, naming the field, when a currency code is malformed, the amounts
    ///   are not all in one currency, an amount is negative, or the share is outside 0...10000.
    public init(
        flatFee: Money,
        convenienceFee: Money,
        foldingPrice: Money,
        ironingPrice: Money,
        platformShareBasisPoints: Int
    ) throws(PaymentsError) {
        guard Money.isValidCurrencyCode(flatFee.currency) else {
            throw .invalidCurrency(field: "flat_fee.currency", code: flatFee.currency)
        }
        let fields = [
            ("flat_fee", flatFee), ("convenience_fee", convenienceFee), ("folding_price", foldingPrice),
            ("ironing_price", ironingPrice),
        ]
        for (field, amount) in fields {
            try amount.requireCurrency(flatFee.currency, field: field, of: "the schedule's flat fee")
            guard !amount.isNegative else { throw .negative(field: field, amount) }
        }
        guard (0...10_000).contains(platformShareBasisPoints) else {
            throw .platformShareOutOfRange(platformShareBasisPoints)
        }
        self.init(
            uncheckedFlatFee: flatFee,
            convenienceFee: convenienceFee,
            foldingPrice: foldingPrice,
            ironingPrice: ironingPrice,
            platformShareBasisPoints: platformShareBasisPoints
        )
    }

    private init(
        uncheckedFlatFee flatFee: Money,
        convenienceFee: Money,
        foldingPrice: Money,
        ironingPrice: Money,
        platformShareBasisPoints: Int
    ) {
        self.flatFee = flatFee
        self.convenienceFee = convenienceFee
        self.foldingPrice = foldingPrice
        self.ironingPrice = ironingPrice
        self.platformShareBasisPoints = platformShareBasisPoints
    }

    /// In US dollars: a USD 10.00 service fee, a USD 1.00 convenience fee, folding USD 2.50 and ironing USD 5.00, and a
    /// 15% platform share.
    ///
    /// The add-on prices are the source design's. The service fee is the top of the design's "between $5 and $10",
    /// because the design asks that a job, which takes at least an hour, pay above the minimum wage: the dasher keeps
    /// USD 8.50 of it, above the US federal USD 7.25 an hour, before add-ons. The convenience fee covers a card
    /// payment's cost on a typical job (about 3% and USD 0.30 of some USD 20). 15% is at the low end of what gig
    /// marketplaces keep (15–30%), since the convenience fee already pays for the running costs.
    public static var defaults: LaundryFeeSchedule {
        LaundryFeeSchedule(
            uncheckedFlatFee: Money(minorUnits: 1_000, currency: "USD"),
            convenienceFee: Money(minorUnits: 100, currency: "USD"),
            foldingPrice: Money(minorUnits: 250, currency: "USD"),
            ironingPrice: Money(minorUnits: 500, currency: "USD"),
            platformShareBasisPoints: 1_500
        )
    }

    /// The price of `addOn`.
    public func price(of addOn: LaundryAddOn) -> Money {
        switch addOn {
        case .folding: foldingPrice
        case .ironing: ironingPrice
        }
    }
}
