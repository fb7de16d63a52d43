/// What a requester posts (E1), with what the service adds before the errand exists: its id, the delivery fee
/// payments quoted and the payment intent whose hold covers the items' maxima and the fee.
///
/// Plain data; ``Job/submit(_:now:configuration:)`` checks it: the core the id and the requester (the core's
/// customer), ``validate(now:configuration:)`` the rest.
public struct ErrandRequest: HeldJobRequest {
    /// The new errand's id (chosen by the service: sortable, unguessable).
    public var jobID: String
    /// The requester, the core's customer.
    public var customer: String
    /// The campus whose buyers see it in their feed (E2).
    public var campus: String
    /// What to buy: at least one item.
    public var items: [ErrandItem]
    /// When the items must be delivered (UTC microseconds); after the posting.
    public var neededBy: Int64
    /// Where the buyer brings them: a label and the pin (stories 3, 15).
    public var deliveryPlace: ErrandPlace
    /// What else the buyer should know ("ring twice"), `nil` for nothing.
    public var notes: String?
    /// Payments' quote of the delivery fee (E1): what the buyer earns on top of the items, and the errand's
    /// currency (every item's maximum is in it).
    public var deliveryFee: Money
    /// The payment intent holding ``holdTotal`` on the requester's payment method: what a cancellation releases and
    /// delivery captures.
    public var paymentIntentID: String

    /// Creates a request.
    public init(
        jobID: String,
        customer: String,
        campus: String,
        items: [ErrandItem],
        neededBy: Int64,
        deliveryPlace: ErrandPlace,
        notes: String? = nil,
        deliveryFee: Money,
        paymentIntentID: String
    ) {
        self.jobID = jobID
        self.customer = customer
        self.campus = campus
        self.items = items
        self.neededBy = neededBy
        self.deliveryPlace = deliveryPlace
        self.notes = notes
        self.deliveryFee = deliveryFee
        self.paymentIntentID = paymentIntentID
    }

    /// The errand's currency: the delivery fee's.
    public var currency: String { deliveryFee.currency }

    /// What the hold covers (E1): every item's quantity at its maximum price, plus the delivery fee; `nil` when that
    /// overflows, which ``validate(now:configuration:)`` refuses.
    public var holdTotal: Money? {
        ErrandPrices.total(items.map { ($0.quantity, $0.maximumPrice) }, plus: deliveryFee)
    }

    /// Refuses the first field after the id and the requester (the core's to check) that is wrong at `now`: the campus,
    /// the items' count, the delivery fee (whose currency the items' maxima must be in), each item, then the other
    /// fields in the order they are declared. Names (items, stores) hold no control characters and no emoji; the
    /// place's label and the notes no control characters.
    func validate(now: Int64, configuration: ErrandsJobConfiguration) throws(JobsError) {
        try requireIdentifier(campus, field: "campus_id", "the campus whose buyers may take the errand")
        guard !items.isEmpty else { throw .missing(field: "items", "at least one item to buy") }
        guard items.count <= configuration.maximumItems else {
            throw .tooManyItems(items.count, maximum: configuration.maximumItems)
        }
        try deliveryFee.requirePositive(field: "delivery_fee")
        for (index, item) in items.enumerated() {
            try Self.validate(item, field: "items[\(index)]", currency: currency, configuration: configuration)
        }
        guard neededBy > now else { throw .neededByNotAfterPosting(neededBy, now: now) }
        try deliveryPlace.validate(
            field: "delivery_place",
            maximumLabelLength: configuration.maximumDeliveryPlaceLength
        )
        if let notes {
            try requireText(notes, field: "notes", maximum: configuration.maximumNotesLength, lineBreaks: true)
        }
        guard holdTotal != nil else { throw .holdOverflows() }
        try requireIdentifier(paymentIntentID, field: "payment_intent_id", "the payment intent holding the maxima")
    }

    /// Refuses an item whose name, quantity or maximum price is wrong, naming `field` (`items[2]`).
    private static func validate(
        _ item: ErrandItem,
        field: String,
        currency: String,
        configuration: ErrandsJobConfiguration
    ) throws(JobsError) {
        try requireIdentifier(item.name, field: "\(field).name", "what to buy")
        try requireName(item.name, field: "\(field).name", maximum: configuration.maximumItemNameLength)
        guard (1...configuration.maximumQuantity).contains(item.quantity) else {
            throw .quantityOutOfRange(item.quantity, field: "\(field).quantity", maximum: configuration.maximumQuantity)
        }
        try item.maximumPrice.requirePositive(field: "\(field).maximum_price")
        try item.maximumPrice.requireCurrency(currency, field: "\(field).maximum_price")
        if let store = item.store {
            try requireIdentifier(store, field: "\(field).store", "the store to buy it from, or none")
            try requireName(store, field: "\(field).store", maximum: configuration.maximumStoreLength)
        }
    }
}
