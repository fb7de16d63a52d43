/// Refusals of malformed input, shared by every operation.
extension MatchingError {
    /// A required id is empty or blank.
    public static func missing(field: String, _ what: String) -> MatchingError {
        MatchingError(code: .invalidArgument, message: "\(field) is required: \(what)", field: field)
    }
}

/// Refuses an empty or blank identifier, naming `field`.
func requireIdentifier(_ value: String, field: String, _ what: String) throws(MatchingError) {
    guard !value.isEmpty, !value.allSatisfy(\.isWhitespace) else { throw .missing(field: field, what) }
}
