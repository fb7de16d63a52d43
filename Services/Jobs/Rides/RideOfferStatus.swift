/// Whether an offer still takes riders and changes.
public enum RideOfferStatus: Sendable, Hashable, Codable {
    /// Open: riders may ask to join until departure; the offerer may edit until departure and cancel until the fare.
    case open
    /// The offerer cancelled it at `at`: every seat ended.
    case cancelled(at: Int64)
    /// The offerer recorded its fare at `at`: every seat got its share.
    case ended(at: Int64)
}
