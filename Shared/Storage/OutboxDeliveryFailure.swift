/// What a failed outbox delivery means for the message, as the relay's `classify` tells it.
///
/// The storage layer knows no wire statuses: the sending side (`PeerDelivery` in QuadServiceKit) maps the
/// receiver's answer to one of these.
public enum OutboxDeliveryFailure: Sendable, Equatable {
    /// The receiver could not take the message now (down, overloaded, timed out, unreachable): retried with
    /// backoff, as long as it takes, and never dead-lettered.
    case unavailable
    /// The receiver refused the message itself; `status` names the answer (e.g. `INVALID_ARGUMENT`). Retried with
    /// backoff up to the relay's `maxRefusals`, then moved to the dead letters so that later messages flow.
    case refused(status: String)
}
