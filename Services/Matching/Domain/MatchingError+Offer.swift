/// Refusals of asking for a job and of answering offers (L3, L4).
extension MatchingError {
    /// A dasher who is not accepting requests asked for a job.
    static func notAccepting(dasher: String) -> MatchingError {
        MatchingError(
            code: .failedPrecondition,
            message: "dasher \(dasher) is not accepting requests; turn on accepting requests, then ask for a job"
        )
    }

    /// An offer id that names no open offer.
    static func offerNotFound(_ id: String) -> MatchingError {
        MatchingError(
            code: .notFound,
            message: "offer \(id) is not open: it was accepted, declined, withdrawn or expired, or never made; ask "
                + "for a job again",
            field: "offer_id"
        )
    }

    /// An offer answered by a dasher it was not made to. The message does not say who it was made to.
    static func offerNotYours(_ offer: Offer, dasher: String) -> MatchingError {
        MatchingError(
            code: .permissionDenied,
            message: "offer \(offer.id) was not made to dasher \(dasher); only the dasher an offer was made to may "
                + "accept or decline it"
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
