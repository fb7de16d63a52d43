/// Whether a stream message may be sent now. Asking for `.send` consumes one credit.
public enum SendDecision: Equatable, Sendable {
    case send
    /// The peer's credit is used up: wait for a Credit frame, then ask again.
    case waitForCredit
    /// The call is over (ended, cancelled or the connection closed): drop the message.
    case callEnded
}
