/// Story 13: the buyer tells the requester where things stand.
extension Job where Product == Errands {
    /// The buyer `actor` says `update` at `at`: "at the store" while accepted, "on the way" once bought. Each may be
    /// said more than once (a second store); the requester is told each time.
    ///
    /// Events: ``ErrandEvent/updatePosted(_:requester:)``.
    ///
    /// - Throws: ``JobsError``, the errand unchanged: `PERMISSION_DENIED` when `actor` is not the buyer;
    ///   `FAILED_PRECONDITION` when it ended, is at another stage, or `at` is before the last change.
    public mutating func postUpdate(by actor: String, _ update: ErrandUpdateKind, at: Int64) throws(JobsError)
        -> [ErrandEvent]
    {
        try requireActive(for: .postUpdate)
        try requireWorker(actor, for: .postUpdate)
        guard stage == update.stage else { throw .updateOutOfStage(self, update) }
        try requireTime(at, for: .postUpdate)
        record(.updatePosted(update), at: at)
        return [.updatePosted(update, requester: customer)]
    }
}
