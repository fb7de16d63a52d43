/// The codes of an errand's quote items and lines (payments' `QuoteItem`s), as jobs writes them into
/// a hold's and a completion's `lines` and payments' `ErrandsPricing` reads them.
public enum ErrandItemCode {
    /// One line of the list: `quantity` units at `amount` each (the maximum in an estimate, the price paid in a final
    /// price).
    public static let item = "item"
    /// The delivery fee: quantity 1, `amount` the fee. An estimate's items end with it (the fee quoted at posting);
    /// a final price needs it back, exactly once.
    public static let deliveryFee = "delivery_fee"
}
