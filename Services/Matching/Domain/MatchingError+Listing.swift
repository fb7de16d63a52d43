/// Refusals of listings.
extension MatchingError {
    /// A listing names a product matching does not serve.
    public static func unknownProduct(_ product: String, known: [String]) -> MatchingError {
        MatchingError(
            code: .invalidArgument,
            message:
                "product: matching serves no product \"\(product)\"; name one of \(known.sorted().joined(separator: ", "))",
            field: "product"
        )
    }

    /// A listing field the product needs is missing or unreadable.
    public static func badListingField(_ field: String, product: String, _ expected: String) -> MatchingError {
        MatchingError(
            code: .invalidArgument,
            message: "listing.\(field): a \(product) listing needs \(expected)",
            field: "listing.\(field)"
        )
    }
}
