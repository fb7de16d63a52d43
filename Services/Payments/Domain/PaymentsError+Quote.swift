/// Refusals of quotes and of what a product asks to have priced.
extension PaymentsError {
    /// A platform share outside 0...10000 basis points.
    public static func platformShareOutOfRange(_ basisPoints: Int) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "platform_share_basis_points must be 0 to 10000 (0% to 100%), got \(basisPoints)",
            field: "platform_share_basis_points"
        )
    }

    /// A hold or quote names a product payments does not price.
    public static func unknownProduct(_ product: String, known: [String]) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "product: payments prices no product \"\(product)\"; name one of "
                + known.sorted().joined(separator: ", "),
            field: "product"
        )
    }

    /// An item code that is empty or has characters outside `a-z 0-9 _ .`.
    public static func badItemCode(_ code: String, field: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field): \"\(code)\" is not an item code; use the product's codes (lower case, digits, _ and .)",
            field: field
        )
    }

    /// An item with a negative quantity.
    public static func negativeQuantity(_ quantity: Int, field: String) -> PaymentsError {
        PaymentsError(code: .invalidArgument, message: "\(field) must not be negative, got \(quantity)", field: field)
    }

    /// An item the product does not know.
    public static func unknownItem(_ code: String, field: String, product: String, known: [String]) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field): \(product) prices no item \"\(code)\"; use \(known.joined(separator: ", "))",
            field: field
        )
    }

    /// An item the product needs is not there, or is there twice.
    public static func itemCount(_ code: String, found: Int, field: String, product: String) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "\(field): a \(product) quote needs exactly one \"\(code)\" item, got \(found)",
            field: field
        )
    }

    /// A zone price the product needs is missing from the zone's price list.
    public static func missingZonePrice(_ code: String, zone: String) -> PaymentsError {
        PaymentsError(
            code: .failedPrecondition,
            message: "zone_id: \(zone) has no \(code) price in the campus directory; an operator sets it in identity",
            field: "zone_id"
        )
    }

    /// A quote whose split does not add up to its lines.
    static func splitMismatch(total: Money, split: Money) -> PaymentsError {
        PaymentsError(
            code: .invalidArgument,
            message: "a quote's split (\(split.formatted)) must add up to its lines (\(total.formatted))"
        )
    }
}
