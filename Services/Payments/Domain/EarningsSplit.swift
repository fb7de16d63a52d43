/// Who gets what of a captured payment: the worker (reimbursement and earnings) and the platform.
///
/// Each product's module has its rule (laundry's is `EarningsSplit.laundry` in `PaymentsLaundry`, errands'
/// `EarningsSplit.errands` in `PaymentsErrands`); the core credits
/// the parts. The three parts are whole minor units and add up exactly to what was paid.
public struct EarningsSplit: Sendable, Hashable {
    /// Money the worker paid out for the job (laundry's machines, an errand's items), paid back in full.
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

    /// All of `amount` to the payee, no fee taken.
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
