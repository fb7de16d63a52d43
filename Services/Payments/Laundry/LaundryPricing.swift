/// Laundry's pricing as the payments core uses it (``PaymentsDomain/ProductPricing``): a hold's items are the
/// estimated loads and the add-ons, priced with the dorm's machines (the zone's `washer` and `dryer` prices) and the
/// ``LaundryFeeSchedule``; a final price is the actual loads with the machine cost the dasher paid.
public struct LaundryPricing: ProductPricing {
    /// Laundry's product id.
    public static let product = LaundryProduct.id
    /// An estimate's item: the estimated loads as its quantity, priced at the zone's washer and dryer per load.
    public static let loadsItem = LaundryItemCode.loads
    /// A final price's item: the actual loads as its quantity, the machine cost the dasher paid as its amount.
    public static let machinesItem = LaundryItemCode.machines
    /// The zone's price of a washer cycle, per load.
    public static let washerPrice = "washer"
    /// The zone's price of a dryer cycle, per load.
    public static let dryerPrice = "dryer"

    /// The schedule the quotes are made with.
    public let schedule: LaundryFeeSchedule

    /// Prices laundry with `schedule`.
    public init(schedule: LaundryFeeSchedule = .defaults) {
        self.schedule = schedule
    }

    public var product: String { Self.product }
    public var currency: String { schedule.currency }
    public var needsZonePrices: Bool { true }

    public func estimate(_ items: [QuoteItem], zone: ZonePrices?) throws(PaymentsError) -> Quote {
        let (loads, _, addOns) = try Self.read(items, loadsCode: Self.loadsItem)
        guard let zone else {
            throw .missing(field: "zone_id", "the dorm whose machine prices make a laundry estimate")
        }
        guard let washer = zone.prices[Self.washerPrice] else {
            throw .missingZonePrice(Self.washerPrice, zone: zone.zone)
        }
        guard let dryer = zone.prices[Self.dryerPrice] else {
            throw .missingZonePrice(Self.dryerPrice, zone: zone.zone)
        }
        return try LaundryQuote.estimate(
            loads: loads.quantity,
            washerPrice: washer,
            dryerPrice: dryer,
            addOns: addOns,
            schedule: schedule
        ).quote
    }

    public func final(_ items: [QuoteItem]) throws(PaymentsError) -> Quote {
        let (machines, index, addOns) = try Self.read(items, loadsCode: Self.machinesItem)
        guard let cost = machines.amount else {
            throw .missing(
                field: "lines[\(index)].amount",
                "the machine cost the dasher paid, on the \"machines\" item"
            )
        }
        return try LaundryQuote.final(
            actualLoads: machines.quantity,
            machineCost: cost,
            addOns: addOns,
            schedule: schedule
        ).quote
    }

    public func needsApproval(final: Money, estimate: Money) -> Bool {
        LaundryQuote.needsApproval(final: final, estimate: estimate)
    }

    /// The one `loadsCode` item (and where it is), its loads checked, and the add-ons of `items`; INVALID_ARGUMENT naming the item
    /// (`lines[1].code`, `lines[0].quantity`) that is not laundry's or out of range, or `lines` when the loads are
    /// missing or given twice.
    static func read(
        _ items: [QuoteItem],
        loadsCode: String
    ) throws(PaymentsError) -> (item: QuoteItem, index: Int, addOns: Set<LaundryAddOn>) {
        var loads: [(index: Int, item: QuoteItem)] = []
        var addOns: Set<LaundryAddOn> = []
        for (index, item) in items.enumerated() {
            let field = "lines[\(index)]"
            try item.validate(field: field)
            if item.code == loadsCode {
                loads.append((index, item))
            } else if let addOn = LaundryAddOn(rawValue: item.code) {
                addOns.insert(addOn)
            } else {
                throw .unknownItem(
                    item.code,
                    field: "\(field).code",
                    product: product,
                    known: [loadsCode] + LaundryAddOn.allCases.map(\.rawValue)
                )
            }
        }
        guard loads.count == 1, let found = loads.first else {
            throw .itemCount(loadsCode, found: loads.count, field: "lines", product: product)
        }
        let (index, item) = found
        guard LaundryQuote.allowedLoads.contains(item.quantity) else {
            throw .loadsOutOfRange(item.quantity, field: "lines[\(index)].quantity")
        }
        return (item, index, addOns)
    }
}
