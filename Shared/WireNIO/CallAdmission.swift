public import QuadWire
public import QuadWireCore

/// Decides whether a server takes a call at all, on the connection's event loop as the call
/// starts, after the method is known and before any task or handler exists: the cheapest place
/// to refuse, so that refusing under overload costs almost nothing (the gateway's adaptive
/// limit plugs in here; see ``ServerConfiguration/admission``). A call may also wait for a slot
/// (``CallAdmissionDecision/queued(_:)``): the connection keeps it, without a task, until the
/// admission calls its ``CallAdmissionWaiter`` back.
///
/// Called on event loops, concurrently: implementations must be thread-safe and quick (a lock
/// around a small state machine), and must call waiters outside their lock.
public protocol CallAdmission: Sendable {
    /// Admits a call of `method` from the client at `peerHost` (its IP address, without the
    /// port) with the call's `metadata`, queues it, exempts it (it takes no slot), or refuses it;
    /// a refusal is answered RESOURCE_EXHAUSTED with the message, and the connection stays open.
    /// `waiter` makes the object to call back when a queued call is granted or refused; it is
    /// called only to queue.
    func admit(
        _ method: MethodDescriptor,
        peerHost: String,
        metadata: [String: String],
        waiter: () -> any CallAdmissionWaiter
    ) -> CallAdmissionDecision
    /// A call admitted with `permit` ended with `code` (OK, its handler's error, CANCELLED when
    /// the caller or the connection went away, DEADLINE_EXCEEDED).
    func callEnded(_ permit: CallAdmissionPermit, code: StatusCode)
    /// A queued call's caller went away or its deadline passed: take it out of the queue. False
    /// when it was already granted or refused (its waiter is being called).
    func withdraw(_ ticket: CallAdmissionTicket) -> Bool
}

/// Where a queued call learns its fate; called once, from any thread.
public protocol CallAdmissionWaiter: Sendable {
    /// The call got a slot: run it, and give the permit back when it ends.
    func admitted(_ permit: CallAdmissionPermit)
    /// The call waited too long or lost its place: answer RESOURCE_EXHAUSTED with the message.
    func refused(_ message: String)
}

/// A queued call, to withdraw it (``CallAdmission/withdraw(_:)``).
public struct CallAdmissionTicket: Hashable, Sendable {
    public var id: UInt64

    public init(id: UInt64) {
        self.id = id
    }
}

/// What ``CallAdmission/admit(_:peerHost:metadata:waiter:)`` decided.
public enum CallAdmissionDecision: Sendable {
    /// Taken; give the permit back through ``CallAdmission/callEnded(_:code:)``.
    case admitted(CallAdmissionPermit)
    /// Waiting for a slot; the waiter made for it will be told.
    case queued(CallAdmissionTicket)
    /// Not counted at all (a long-lived stream, whose length says nothing about load).
    case exempt
    /// Refused with RESOURCE_EXHAUSTED and this message.
    case refused(String)
}

/// One admitted call, as its ``CallAdmission`` needs to account for it when it ends.
public struct CallAdmissionPermit: Sendable {
    /// The method's full name.
    public var method: String
    /// The share of the admission it counts against (the gateway: its upstream context).
    public var partition: String
    /// When it was admitted, on the admission's own clock.
    public var admittedAt: Duration
    /// Nothing else was admitted and open in its partition when it was: its latency is a no-load sample.
    public var quiet: Bool

    public init(method: String, partition: String = "", admittedAt: Duration, quiet: Bool) {
        self.method = method
        self.partition = partition
        self.admittedAt = admittedAt
        self.quiet = quiet
    }
}
