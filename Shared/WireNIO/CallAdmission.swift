public import QuadWire
public import QuadWireCore

/// Decides whether a server takes a call at all, on the connection's event loop as the call
/// starts, after the method is known and before any task or handler exists: the cheapest place
/// to refuse, so that refusing under overload costs almost nothing (the gateway's adaptive
/// limit plugs in here; see ``ServerConfiguration/admission``).
///
/// Called on event loops, concurrently: implementations must be thread-safe and quick (a lock
/// around a small state machine).
public protocol CallAdmission: Sendable {
    /// Admits a call of `method`, exempts it (it takes no slot), or refuses it; a refusal is
    /// answered RESOURCE_EXHAUSTED with the message, and the connection stays open.
    func admit(_ method: MethodDescriptor) -> CallAdmissionDecision
    /// A call admitted with `permit` ended with `code` (OK, its handler's error, CANCELLED when
    /// the caller or the connection went away, DEADLINE_EXCEEDED).
    func callEnded(_ permit: CallAdmissionPermit, code: StatusCode)
}

/// What ``CallAdmission/admit(_:)`` decided.
public enum CallAdmissionDecision: Sendable {
    /// Taken; give the permit back through ``CallAdmission/callEnded(_:code:)``.
    case admitted(CallAdmissionPermit)
    /// Not counted at all (a long-lived stream, whose length says nothing about load).
    case exempt
    /// Refused with RESOURCE_EXHAUSTED and this message.
    case refused(String)
}

/// One admitted call, as its ``CallAdmission`` needs to account for it when it ends.
public struct CallAdmissionPermit: Sendable {
    /// The method's full name.
    public var method: String
    /// When it was admitted, on the admission's own clock.
    public var admittedAt: Duration
    /// Nothing else was admitted and open when it was: its latency is a no-load sample.
    public var quiet: Bool

    public init(method: String, admittedAt: Duration, quiet: Bool) {
        self.method = method
        self.admittedAt = admittedAt
        self.quiet = quiet
    }
}
