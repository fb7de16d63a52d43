/// Refusals of errands' schedules and quotes.
extension PaymentsError {
    /// A schedule whose cap is below its base fee: every errand would cost the cap.
    public static func maximumFeeBelowBase(_ maximum: Money, base: Money) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "maximum_fee (\(maximum.formatted)) must not be below base_fee (\(base.formatted))",
            field: "maximum_fee"
        )
    }

    /// An errand with too few or too many items; `allowed` is the range for what is priced (an estimate lists at
    /// least one, a final price may have found none).
    public static func errandItemCount(_ count: Int, allowed: ClosedRange<Int>, field: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field): an errand has \(allowed.lowerBound) to \(allowed.upperBound) items, got \(count)"
                + (count > allowed.upperBound ? "; split the list into two errands" : ""),
            field: field
        )
    }

    /// An item's quantity outside ``ErrandsPricing/allowedQuantity``.
    public static func errandQuantityOutOfRange(_ quantity: Int, field: String) -> PaymentsError {
        let range = ErrandsPricing.allowedQuantity
        return PaymentsError(
            code: .invalidArgument,
            message: "\(field) must be \(range.lowerBound) to \(range.upperBound), got \(quantity)",
            field: field
        )
    }

    /// A delivery fee item whose quantity is not 1.
    public static func deliveryFeeQuantity(_ quantity: Int, field: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field) must be 1, got \(quantity): the \"\(ErrandItemCode.deliveryFee)\" item is the whole fee",
            field: field
        )
    }

    /// A final price without its one delivery fee item, or with several.
    public static func deliveryFeeCount(_ found: Int, field: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message:
                "\(field): an errand's final price needs exactly one \"\(ErrandItemCode.deliveryFee)\" item, the fee "
                + "quoted when it was posted; got \(found)",
            field: field
        )
    }
}
