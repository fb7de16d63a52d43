/// Refusals of laundry's quotes.
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
}
