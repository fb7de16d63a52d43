/// Errands' pricing as the payments core uses it (``PaymentsDomain/ProductPricing``): a hold's items are the list,
/// each at the requester's maximum price, plus the delivery fee of ``ErrandsFeeSchedule``; a final price is what the
/// buyer found at the prices paid, plus the fee quoted at posting. No zone's prices are needed.
///
/// Items are ``ErrandItemCode/item`` (`quantity` units at `amount` each) and, in a final price and at the end of an
/// estimate's items, one ``ErrandItemCode/deliveryFee``. `total = Σ quantity × amount + delivery fee`; the split
/// reimburses the items to the buyer and shares the fee (``PaymentsDomain/EarningsSplit/errands(items:deliveryFee:schedule:)``).
public struct ErrandsPricing: ProductPricing {
    /// Errands' product id.
    public static let product = ErrandsProduct.id
    /// How many items an errand lists when posted; a final price may have found none of them, and never more.
    public static let allowedItems: ClosedRange<Int> = 1...30
    /// The quantity of one item.
    public static let allowedQuantity: ClosedRange<Int> = 1...99

    /// The schedule the quotes are made with.
    public let schedule: ErrandsFeeSchedule

    /// Prices errands with `schedule`.
    public init(schedule: ErrandsFeeSchedule = .defaults) {
        self.schedule = schedule
    }

    public var product: String { Self.product }
    public var currency: String { schedule.currency }
    public var needsZonePrices: Bool { false }

    /// The hold of a list: every item at its maximum price (above zero), and the delivery fee of its units.
    public func estimate(_ items: [QuoteItem], zone: ZonePrices?) throws(PaymentsError) -> Quote {
        try estimate(items, field: "lines", priceField: "amount")
    }

    /// ``estimate(_:zone:)``, its refusals naming the list `field` and each item's price `<field>[i].<priceField>`:
    /// QuoteErrand's request is `items[i].price`, a hold's `lines[i].amount`.
    public func estimate(_ items: [QuoteItem], field list: String, priceField: String) throws(PaymentsError) -> Quote {
        guard Self.allowedItems.contains(items.count) else {
            throw .errandItemCount(items.count, allowed: Self.allowedItems, field: list)
        }
        for (index, item) in items.enumerated() {
            let field = "\(list)[\(index)]"
            try item.validate(field: field)
            guard item.code == ErrandItemCode.item else {
                throw .unknownItem(item.code, field: "\(field).code", product: product, known: [ErrandItemCode.item])
            }
            try read(item, field: field, priceField: "\(field).\(priceField)", final: false)
        }
        let fee = try schedule.deliveryFee(units: Self.units(of: items))
        return try quote(items, deliveryFee: fee, isFinal: false)
    }

    /// The capture of what was bought: the items found at the prices paid (zero or more, a price of zero allowed),
    /// and the one delivery fee item, the fee quoted at posting.
    public func final(_ items: [QuoteItem]) throws(PaymentsError) -> Quote {
        var bought: [QuoteItem] = []
        var fees: [(index: Int, item: QuoteItem)] = []
        for (index, item) in items.enumerated() {
            let field = "lines[\(index)]"
            try item.validate(field: field)
            switch item.code {
            case ErrandItemCode.item:
                try read(item, field: field, priceField: "\(field).amount", final: true)
                bought.append(item)
            case ErrandItemCode.deliveryFee:
                fees.append((index, item))
            default:
                throw .unknownItem(
                    item.code,
                    field: "\(field).code",
                    product: product,
                    known: [ErrandItemCode.item, ErrandItemCode.deliveryFee]
                )
            }
        }
        guard bought.count <= Self.allowedItems.upperBound else {
            throw .errandItemCount(bought.count, allowed: 0...Self.allowedItems.upperBound, field: "lines")
        }
        guard fees.count == 1, let found = fees.first else {
            throw .deliveryFeeCount(fees.count, field: "lines")
        }
        let (index, feeItem) = found
        guard feeItem.quantity == 1 else {
            throw .deliveryFeeQuantity(feeItem.quantity, field: "lines[\(index)].quantity")
        }
        let field = "lines[\(index)].amount"
        guard let fee = feeItem.amount else {
            throw .missing(field: field, "the delivery fee quoted when the errand was posted")
        }
        try fee.requireCurrency(currency, field: field, of: "the errands fee schedule")
        guard !fee.isNegative else { throw .negative(field: field, fee) }
        return try quote(bought, deliveryFee: fee, isFinal: true)
    }

    /// Whether a final price of `final` needs the requester's approval: it is above the hold (an item cost more than
    /// its maximum), or in another currency, which no hold can approve. Jobs asks the requester for items above their
    /// maximum and sends their answer as `above_hold_approved`.
    public func needsApproval(final: Money, estimate: Money) -> Bool {
        final.currency != estimate.currency || final.minorUnits > estimate.minorUnits
    }

    /// The units of `items`: the sum of the ``ErrandItemCode/item`` quantities, which the delivery fee counts.
    public static func units(of items: [QuoteItem]) -> Int {
        items.lazy.filter { $0.code == ErrandItemCode.item }.reduce(0) { $0 + max($1.quantity, 0) }
    }

    /// Refuses an item line whose quantity is outside ``allowedQuantity`` or whose price is missing, in another
    /// currency, or not above zero (an estimate's maximum) or negative (a price paid), naming `field`'s quantity or
    /// `priceField`.
    private func read(_ item: QuoteItem, field: String, priceField: String, final: Bool) throws(PaymentsError) {
        guard Self.allowedQuantity.contains(item.quantity) else {
            throw .errandQuantityOutOfRange(item.quantity, field: "\(field).quantity")
        }
        guard let price = item.amount else {
            throw .missing(field: priceField, final ? "the price paid for one" : "the most the requester pays for one")
        }
        try price.requireCurrency(currency, field: priceField, of: "the errands fee schedule")
        if final {
            guard !price.isNegative else { throw .negative(field: priceField, price) }
        } else {
            guard price.isPositive else { throw .notPositive(field: priceField, price) }
        }
    }

    /// The quote of checked `items` and `deliveryFee`: a line per item, then the fee's; its items end with the fee.
    private func quote(_ items: [QuoteItem], deliveryFee: Money, isFinal: Bool) throws(PaymentsError) -> Quote {
        var lines: [QuoteLine] = []
        for item in items {
            guard let price = item.amount else { continue }  // read(_:field:final:) refused it already
            lines.append(
                QuoteLine(
                    code: ErrandItemCode.item,
                    description: isFinal
                        ? "\(item.quantity) × \(price.formatted)" : "\(item.quantity) × at most \(price.formatted)",
                    amount: try price.multiplied(by: Int64(item.quantity))
                )
            )
        }
        let itemsTotal = try Money.sum(lines.map(\.amount), currency: currency)
        let units = Self.units(of: items)
        lines.append(
            QuoteLine(
                code: ErrandItemCode.deliveryFee,
                description: "Delivery fee (\(units == 1 ? "1 unit" : "\(units) units"))",
                amount: deliveryFee
            )
        )
        return try Quote(
            product: product,
            items: items + [QuoteItem(code: ErrandItemCode.deliveryFee, quantity: 1, amount: deliveryFee)],
            lines: lines,
            split: .errands(items: itemsTotal, deliveryFee: deliveryFee, schedule: schedule),
            isFinal: isFinal
        )
    }
}
