/// A product's itemised quote as the payments core keeps it: what was priced, the lines, the total and who gets what
/// of it. Every product's pricing (``ProductPricing``) makes these; the core holds, captures and credits them
/// without knowing what the lines are.
public struct Quote: Sendable, Hashable {
    /// The product whose schedule made it (`laundry`).
    public let product: String
    /// What was priced.
    public let items: [QuoteItem]
    /// The lines.
    public let lines: [QuoteLine]
    /// The sum of the lines.
    public let total: Money
    /// Who gets what of ``total``, under the schedule the quote was made with, so earnings never change after the
    /// fact.
    public let split: EarningsSplit
    /// Whether this is the final price (what was actually done) rather than an estimate.
    public let isFinal: Bool

    /// Creates a quote; `total` is the sum of `lines`.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when the lines' currencies differ from the split's, or the split
    ///   does not add up to the lines' sum; `OUT_OF_RANGE` when the sum overflows.
    public init(
        product: String,
        items: [QuoteItem],
        lines: [QuoteLine],
        split: EarningsSplit,
        isFinal: Bool
    ) throws(PaymentsError) {
        let total = try Money.sum(lines.map(\.amount), currency: split.currency)
        guard total == split.total else { throw .splitMismatch(total: total, split: split.total) }
        self.product = product
        self.items = items
        self.lines = lines
        self.total = total
        self.split = split
        self.isFinal = isFinal
    }
}
