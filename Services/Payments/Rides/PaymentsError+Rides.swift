/// Refusals of rides' schedules and quotes.
extension PaymentsError {
    /// A schedule's margin outside 0...10000 basis points.
    public static func marginOutOfRange(_ basisPoints: Int) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "margin_basis_points must be 0 to 10000 (0% to 100% of the share), got \(basisPoints)",
            field: "margin_basis_points"
        )
    }

    /// A seat's hold or completion without its one share line, or with several.
    public static func fareShareCount(_ found: Int, field: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field): a seat is priced from exactly one \"\(RidesProduct.fareShareCode)\" line, the "
                + "rider's share of the fare; got \(found) lines",
            field: field
        )
    }

    /// A share line whose quantity is not 1.
    public static func fareShareQuantity(_ quantity: Int, field: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field) must be 1, got \(quantity): the \"\(RidesProduct.fareShareCode)\" line's amount is "
                + "the rider's whole share",
            field: field
        )
    }
}
