/// What the buyer records after shopping (E5): the price actually paid for one of each item of the list, in the
/// list's order (`nil` for an item the store did not have), and the receipt.
public struct ErrandPurchase: Sendable, Hashable, Codable {
    /// The price paid for one of each item, `prices[i]` for `items[i]`, in the errand's currency: zero when the store
    /// gave it away, never negative, `nil` when it was not found (nothing is charged for it).
    public var prices: [Money?]
    /// The uploaded photo of the receipt (a document id), which the requester and a dispute can look at.
    public var receiptDocumentID: String

    /// Creates a purchase.
    public init(prices: [Money?], receiptDocumentID: String) {
        self.prices = prices
        self.receiptDocumentID = receiptDocumentID
    }

    /// Refuses the first field that is wrong for `request`'s list (named as the wire names them: `lines`,
    /// `lines[1].price`); the total must fit, as the hold's did.
    func validate(for request: ErrandRequest) throws(JobsError) {
        guard prices.count == request.items.count else {
            throw .purchaseCount(prices.count, items: request.items.count)
        }
        for (index, price) in prices.enumerated() {
            guard let price else { continue }
            try price.requireCurrency(request.currency, field: "lines[\(index)].price")
            guard !price.isNegative else { throw .negative(field: "lines[\(index)].price", price) }
        }
        try requireIdentifier(receiptDocumentID, field: "receipt_document_id", "the photo of the receipt")
        guard total(for: request) != nil else { throw .purchaseOverflows() }
    }

    /// The items bought: each found item's index, quantity and price paid for one.
    public func bought(of request: ErrandRequest) -> [(index: Int, quantity: Int, price: Money)] {
        zip(request.items, prices).enumerated().compactMap { index, pair in
            pair.1.map { (index, pair.0.quantity, $0) }
        }
    }

    /// What the items bought cost; `nil` on overflow.
    public func itemsTotal(for request: ErrandRequest) -> Money? {
        ErrandPrices.total(
            bought(of: request).map { ($0.quantity, $0.price) },
            plus: Money(minorUnits: 0, currency: request.currency)
        )
    }

    /// What delivery captures: each item bought, its quantity at the price paid, plus the delivery fee; `nil` on
    /// overflow.
    public func total(for request: ErrandRequest) -> Money? {
        ErrandPrices.total(bought(of: request).map { ($0.quantity, $0.price) }, plus: request.deliveryFee)
    }

    /// The indices of the items bought above their maximum price: each needs the requester's approval (E5).
    public func itemsAboveMaximum(of request: ErrandRequest) -> [Int] {
        bought(of: request).compactMap { line in
            line.price.minorUnits > request.items[line.index].maximumPrice.minorUnits ? line.index : nil
        }
    }
}
