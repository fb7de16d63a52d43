/// One line of an errand's shopping list (E1): what to buy, how many, the most the requester pays for each, and
/// where to buy it.
public struct ErrandItem: Sendable, Hashable, Codable {
    /// What to buy, as the requester writes it ("oat milk, 1 l").
    public var name: String
    /// How many, at least 1.
    public var quantity: Int
    /// The most the requester pays for one, above zero, in the errand's currency: the hold covers `quantity` of
    /// these, and a bought price above it needs the requester's approval (E5).
    public var maximumPrice: Money
    /// The store to buy it from (story 22), `nil` for any.
    public var store: String?

    /// Creates an item.
    public init(name: String, quantity: Int, maximumPrice: Money, store: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.maximumPrice = maximumPrice
        self.store = store
    }
}
