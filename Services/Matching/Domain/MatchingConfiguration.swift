/// How a dorm's queue makes offers (L3, L4).
public struct MatchingConfiguration: Sendable, Hashable {
    /// How long a dasher has to accept or decline an offer, in microseconds; after it the offer expires and the job
    /// goes back to the queue.
    public var offerTimeout: Int64

    /// Creates a configuration; the argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: `offerTimeout` is above zero.
    public init(offerTimeout: Int64 = 60 * Microseconds.perSecond) {
        precondition(offerTimeout > 0, "an offer must stay open for some time")
        self.offerTimeout = offerTimeout
    }

    /// Sixty seconds: long enough to read the job and tap accept on a phone, short enough that a dasher who put the
    /// phone away holds a customer up by a minute at most before the job moves on to the next dasher.
    public static var defaults: MatchingConfiguration { MatchingConfiguration() }
}
