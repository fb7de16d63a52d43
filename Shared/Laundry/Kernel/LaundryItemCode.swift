/// Laundry's codes for what payments prices (`quad.payments.v1.QuoteItem.code`), shared by the jobs module that asks
/// for a hold and the payments module that prices it. An add-on's code is its raw value (`folding`, `ironing`).
public enum LaundryItemCode {
    /// An estimate's loads: the quantity is the estimated loads; the dorm's machine prices price them.
    public static let loads = "loads"
    /// A final price's machines: the quantity is the actual loads, the amount the machine cost the dasher paid.
    public static let machines = "machines"
}
