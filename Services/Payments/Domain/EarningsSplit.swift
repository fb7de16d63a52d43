/// Who gets what of a captured payment: the worker (reimbursement and earnings) and the platform.
///
/// The laundry rule (``laundry(machineCost:serviceFees:convenienceFee:platformShareBasisPoints:)``):
/// - the dasher is reimbursed the machine cost in full: it is money they paid out, not income;
/// - of the service fee and the add-ons, the platform keeps its share, rounded down to a whole minor unit, and the
///   dasher earns the rest, so the rounding remainder (under one cent) goes to the dasher;
/// - the platform keeps the convenience fee and its share.
///
/// The three parts are whole minor units and always add up exactly to the quote's total: the share is taken out of
/// one amount and the rest of that same amount is the dasher's, so nothing is lost or made by rounding.
public struct EarningsSplit: Sendable, Hashable {
    /// Money the worker paid out for the job (the machines), paid back in full.
    public let reimbursement: Money
    /// What the worker earns.
    public let workerEarnings: Money
    /// What the platform keeps.
    public let platformRevenue: Money
    /// ``reimbursement`` plus ``workerEarnings``: what is credited to the worker's balance.
    public let workerTotal: Money
    /// All three parts: what was paid.
    public let total: Money

    /// Creates a split from its parts.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when the parts are in different currencies or a part is
    ///   negative; `OUT_OF_RANGE` when their sum overflows.
    public init(reimbursement: Money, workerEarnings: Money, platformRevenue: Money) throws(PaymentsError) {
        guard Money.isValidCurrencyCode(reimbursement.currency) else {
            throw .invalidCurrency(field: "reimbursement.currency", code: reimbursement.currency)
        }
        for (field, part) in [
            ("reimbursement", reimbursement), ("worker_earnings", workerEarnings),
            ("platform_revenue", platformRevenue),
        ] {
            try part.requireCurrency(reimbursement.currency, field: field, of: "the reimbursement")
            guard !part.isNegative else { throw .negative(field: field, part) }
        }
        self.reimbursement = reimbursement
        self.workerEarnings = workerEarnings
        self.platformRevenue = platformRevenue
        workerTotal = try reimbursement.adding(workerEarnings)
        total = try workerTotal.adding(platformRevenue)
    }

    /// The currency of every part.
    public var currency: String { total.currency }

    /// The laundry rule (see the type's summary): `serviceFees` is the service fee plus the add-ons, the amount the
    /// platform's share is taken from.
    ///
    /// - Throws: ``PaymentsError`` as ``init(reimbursement:workerEarnings:platformRevenue:)`` does, and
    ///   `INVALID_ARGUMENT` when `serviceFees` is negative or the share is outside 0...10000.
    public static func laundry(
        machineCost: Money,
        serviceFees: Money,
        convenienceFee: Money,
        platformShareBasisPoints: Int
    ) throws(PaymentsError) -> EarningsSplit {
        guard (0...10_000).contains(platformShareBasisPoints) else {
            throw .platformShareOutOfRange(platformShareBasisPoints)
        }
        guard !serviceFees.isNegative else { throw .negative(field: "service_fees", serviceFees) }
        // serviceFees × share / 10000 in full width: it cannot overflow, and as the share is at most 10000 the
        // quotient is at most serviceFees. Dividing a non-negative amount rounds down, the dasher keeping the rest.
        let product = serviceFees.minorUnits.multipliedFullWidth(by: Int64(platformShareBasisPoints))
        let platformShare = Int64(10_000).dividingFullWidth(product).quotient
        let share = Money(minorUnits: platformShare, currency: serviceFees.currency)
        return try EarningsSplit(
            reimbursement: machineCost,
            workerEarnings: serviceFees.subtracting(share),
            platformRevenue: convenienceFee.adding(share)
        )
    }

    /// All of `amount` to the payee: a settle-up paid by card (``Transfer``'s summary), no fee taken.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when `amount` is negative or its currency is malformed.
    public static func payee(_ amount: Money) throws(PaymentsError) -> EarningsSplit {
        try EarningsSplit(
            reimbursement: .zero(amount.currency),
            workerEarnings: amount,
            platformRevenue: .zero(amount.currency)
        )
    }
}
