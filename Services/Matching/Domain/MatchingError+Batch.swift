/// Refusals of a batch's input (L16).
extension MatchingError {
    /// The same job or dasher twice in one batch.
    static func duplicateInBatch(_ what: String, id: String, field: String) -> MatchingError {
        MatchingError(
            code: .invalidArgument,
            message: "\(what) \(id) appears twice in the batch; pass each once",
            field: field
        )
    }
}
