/// How a seat ended without a fare: the rider withdrew, the offerer said no, or the offer went without it.
public enum RideSeatEnding: Sendable, Hashable {
    /// The rider withdrew the request or cancelled the accepted seat (the core's cancellation).
    case withdrawn
    /// The offerer rejected the request, giving `reason` or none.
    case rejected(reason: String?)
    /// The offerer cancelled the offer.
    case offerCancelled
    /// The ride left and its fare was recorded while the request still waited for the offerer's answer.
    case offerEnded
}
