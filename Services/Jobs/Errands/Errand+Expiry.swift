/// An errand nobody accepted before its needed-by time.
extension Job where Product == Errands {
    /// Ends the open errand at `at`, its needed-by time passed: cancelled (its hold released) as if the requester had
    /// cancelled it, with the expiry in its timeline first.
    ///
    /// Events: ``ErrandEvent/cancelled(_:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `FAILED_PRECONDITION` when it ended, a buyer accepted it, or
    ///   `at` is not past its needed-by time.
    public mutating func expire(at: Int64) throws(JobsError) -> [ErrandEvent] {
        try requireActive(for: .expire)
        guard stage == .open else { throw .notAtStage(self, .expire, expected: .open) }
        guard at >= request.neededBy else { throw .notYetNeededBy(self, at: at) }
        try requireTime(at, for: .expire)
        var expired = self
        expired.record(.expired, at: at)
        let events = try expired.cancel(by: customer, at: at)
        self = expired
        return events
    }
}
