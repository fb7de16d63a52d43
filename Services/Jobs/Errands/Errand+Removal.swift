/// E7: an operator removes a reported errand after review.
extension Job where Product == Errands {
    /// Removes the open errand at `at` with the operator's `note` for the requester: it is cancelled (its hold
    /// released) as if the requester had cancelled it, with the removal in its timeline first.
    ///
    /// Events: ``ErrandEvent/cancelled(_:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `FAILED_PRECONDITION` when it ended or a buyer accepted it
    ///   (reported errands are hidden from the feed, so none is accepted after review begins); `INVALID_ARGUMENT` for
    ///   a note over 500 characters.
    public mutating func remove(
        note: String?,
        at: Int64,
        configuration: ErrandsJobConfiguration = .defaults
    ) throws(JobsError) -> [ErrandEvent] {
        try requireActive(for: .remove)
        guard stage == .open else { throw .notAtStage(self, .remove, expected: .open) }
        let note = note.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        if let note {
            try requireText(
                note,
                field: "note",
                maximum: configuration.lifecycle.maximumRejectionReasonLength,
                lineBreaks: true
            )
        }
        try requireTime(at, for: .remove)
        var removed = self
        removed.record(.removed(note: note), at: at)
        let events = try removed.cancel(by: customer, at: at)
        self = removed
        return events
    }
}
