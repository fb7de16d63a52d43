/// What a product asks to have priced, in its own terms: a code its module knows, a quantity, and an amount only
/// where the customer names the price (an errand's item maximum); the product's fee schedule prices the rest.
///
/// Laundry's codes are its module's (`PaymentsLaundry`): `loads`, `machines`, `folding`, `ironing`; errands' are
/// `item` and `delivery_fee` (`PaymentsErrands`).
public struct QuoteItem: Sendable, Hashable {
    /// The characters a code may have: it is stored in text (`code:quantity[:minor]`, comma-separated).
    public static let codeCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789_.")

    /// The product's name for what is priced.
    public var code: String
    /// How many.
    public var quantity: Int
    /// The price the customer named, when the product lets them name one.
    public var amount: Money?

    /// Creates an item.
    public init(code: String, quantity: Int = 1, amount: Money? = nil) {
        self.code = code
        self.quantity = quantity
        self.amount = amount
    }

    /// Refuses an item whose code is empty or not in ``codeCharacters``, or whose quantity is negative, naming
    /// `field` (`lines[2]`).
    public func validate(field: String) throws(PaymentsError) {
        guard !code.isEmpty, code.allSatisfy(QuoteItem.codeCharacters.contains) else {
            throw .badItemCode(code, field: "\(field).code")
        }
        guard quantity >= 0 else { throw .negativeQuantity(quantity, field: "\(field).quantity") }
    }
}
