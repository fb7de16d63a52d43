/// The deadline the gateway gives a call and what it forwards to the next hop (G4: deadlines on every call).
///
/// A client's timeout is honoured up to ``maximumTimeout``; a call with none gets ``defaultTimeout``, so no
/// unary call holds gateway or upstream resources forever. Each hop then forwards what remains
/// (``remaining(deadline:now:)``), and a call whose deadline has already passed is answered
/// DEADLINE_EXCEEDED without calling the upstream. Meant for unary calls: long-lived streams (watches, the
/// event feed, uploads) need their own rule, usually no default deadline at all.
public struct DeadlinePolicy: Sendable, Hashable {
    /// What is left of a call's deadline.
    public enum Remaining: Sendable, Hashable {
        /// Forward this much to the next hop (always positive).
        case remaining(Duration)
        /// The deadline has passed: answer DEADLINE_EXCEEDED, do not call the upstream.
        case expired
    }

    /// The timeout of a call whose client set none (`timeout_micros = 0` on the wire).
    public var defaultTimeout: Duration
    /// The longest timeout a client may ask for; longer ones are cut to this.
    public var maximumTimeout: Duration

    /// Creates a policy; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: `0 < defaultTimeout <= maximumTimeout`.
    public init(defaultTimeout: Duration = .seconds(10), maximumTimeout: Duration = .seconds(30)) {
        precondition(defaultTimeout > .zero && defaultTimeout <= maximumTimeout)
        self.defaultTimeout = defaultTimeout
        self.maximumTimeout = maximumTimeout
    }

    /// Default 10 s, cap 30 s: every unary call on one machine finishes in milliseconds (a login's KDF in a few
    /// hundred), so 10 s only ends calls that are stuck, while still outlasting a service restart plus a retry;
    /// 30 s lets a client on a poor network ask for more without letting it park calls on the gateway.
    public static var defaults: DeadlinePolicy { DeadlinePolicy() }

    /// The timeout a call gets: the client's (`nil` when it set none), capped; a non-positive request is zero,
    /// which makes the call expired at once.
    public func effectiveTimeout(requested: Duration?) -> Duration {
        guard let requested else { return defaultTimeout }
        return max(.zero, min(requested, maximumTimeout))
    }

    /// The deadline of a call that arrived at `now` asking for `requested`.
    public func deadline(requested: Duration?, now: GatewayInstant) -> GatewayInstant {
        now + effectiveTimeout(requested: requested)
    }

    /// What is left at `now` of a call due at `deadline`; a deadline reached exactly at `now` has expired.
    public static func remaining(deadline: GatewayInstant, now: GatewayInstant) -> Remaining {
        deadline > now ? .remaining(deadline - now) : .expired
    }
}
