/// What the buyer records after shopping (E5): the price actually paid for each item of the list, in the list's
/// order, and the receipt.
public struct ErrandPurchase: Sendable, Hashable, Codable {
    /// The price paid for one of each item, `prices[i]` for `items[i]`, in the errand's currency; zero when the store
    /// gave it away, never negative.
    public var prices: [Money]
    /// The uploaded photo of the receipt (a document id), which the requester and a dispute can look at.
    public var receiptDocumentID: String

    /// Creates a purchase.
    public init(prices: [Money], receiptDocumentID: String) {
        self.prices = prices
        self.receiptDocumentID = receiptDocumentID
    }

    /// Refuses the first field that is wrong for `request`'s list; the total must fit, as the hold's did.
    func validate(for request: ErrandRequest) throws(JobsError) {
        guard prices.count == request.items.count else {
            throw .purchaseCount(prices.count, items: request.items.count)
        }
        for (index, price) in prices.enumerated() {
            try price.requireCurrency(request.currency, field: "prices[\(index)]")
            guard !price.isNegative else { throw .negative(field: "prices[\(index)]", price) }
        }
        try requireIdentifier(receiptDocumentID, field: "receipt_document_id", "the photo of the receipt")
        guard total(for: request) != nil else { throw .purchaseOverflows() }
    }

    /// What delivery captures: each item's quantity at the price paid, plus the delivery fee; `nil` on overflow.
    public func total(for request: ErrandRequest) -> Money? {
        ErrandPrices.total(
            zip(request.items, prices).map { ($0.quantity, $1) },
            plus: request.deliveryFee
        )
    }

    /// The indices of the items bought above their maximum price: each needs the requester's approval (E5).
    public func itemsAboveMaximum(of request: ErrandRequest) -> [Int] {
        zip(request.items, prices).enumerated().compactMap { index, pair in
            pair.1.minorUnits > pair.0.maximumPrice.minorUnits ? index : nil
        }
    }
}
