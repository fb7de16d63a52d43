/// Refusals of asking for a job and of answering offers (L3, L4).
extension MatchingError {
    /// A dasher who is not accepting requests asked for a job.
    static func notAccepting(dasher: String) -> MatchingError {
        MatchingError(
            code: .failedPrecondition,
            message: "dasher \(dasher) is not accepting requests; turn on accepting requests, then ask for a job"
        )
    }

    /// An offer id that names no open offer of the dasher's: one that never existed and one made to another
    /// dasher get this same answer, so that naming someone else's offer tells nothing (issue 11, item 5).
    static func offerNotFound(_ id: String) -> MatchingError {
        MatchingError(
            code: .notFound,
            message: "offer \(id) is not an open offer of yours: it was accepted, declined, withdrawn or expired, "
                + "or never made to you; ask for a job again",
            field: "offer_id"
        )
    }

    /// An offer answered at or after its expiry, before the queue swept it away.
    static func offerExpired(_ offer: Offer) -> MatchingError {
        MatchingError(
            code: .failedPrecondition,
            message: "offer \(offer.id) expired at \(Microseconds.iso8601(offer.expiresAt)); ask for a job again"
        )
    }
}
