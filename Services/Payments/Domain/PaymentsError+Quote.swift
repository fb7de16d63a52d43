/// Refusals of price schedules and quotes.
extension PaymentsError {
    /// Loads outside ``LaundryQuote/allowedLoads``.
    public static func loadsOutOfRange(_ loads: Int, field: String) -> PaymentsError {
        let range = LaundryQuote.allowedLoads
        return PaymentsError(
            code: .invalidArgument,
            message: "\(field) must be \(range.lowerBound) to \(range.upperBound), got \(loads); split a bigger job "
                + "in two",
            field: field
        )
    }

    /// A platform share outside 0...10000 basis points.
    static func platformShareOutOfRange(_ basisPoints: Int) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "platform_share_basis_points must be 0 to 10000 (0% to 100%), got \(basisPoints)",
            field: "platform_share_basis_points"
        )
    }
}
