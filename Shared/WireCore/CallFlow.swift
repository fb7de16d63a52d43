/// Message-count credit and half-close bookkeeping for one call, from one side's view.
///
/// Every call starts with ``CreditPolicy/initialCredit`` messages of credit in each
/// direction. The receiver grants more as its application consumes messages, in batches
/// of half the window, so a slow consumer stops a fast sender without unbounded buffering.
struct CallFlow {
    /// Messages the peer may still send us before it must wait for a grant.
    var inboundCredit: Int
    /// Messages we may still send before the peer grants more.
    var outboundCredit: Int
    /// The peer sent half-close: it sends nothing more on this call.
    var inboundClosed: Bool
    /// We sent half-close (caller) or the call ended (callee).
    var outboundClosed = false
    /// Messages our application consumed since our last grant.
    var consumedSinceGrant = 0

    init(policy: CreditPolicy, inboundClosed: Bool) {
        self.inboundCredit = policy.initialCredit
        self.outboundCredit = policy.initialCredit
        self.inboundClosed = inboundClosed
    }

    /// Records that the application consumed `count` messages; returns a grant to send, if due.
    mutating func consumed(_ count: Int, policy: CreditPolicy) -> UInt32? {
        guard !inboundClosed else { return nil }
        consumedSinceGrant += count
        guard consumedSinceGrant >= policy.grantThreshold else { return nil }
        let grant = consumedSinceGrant
        consumedSinceGrant = 0
        inboundCredit += grant
        return UInt32(clamping: grant)
    }
}

/// How credit is granted; both sides of a connection use the same numbers.
public struct CreditPolicy: Sendable, Hashable {
    /// Credit each direction of a call starts with (the wire fixes this at 16).
    public var initialCredit: Int
    /// Consumed messages that trigger a grant.
    public var grantThreshold: Int

    public init(initialCredit: Int = 16, grantThreshold: Int = 8) {
        self.initialCredit = initialCredit
        self.grantThreshold = max(1, min(grantThreshold, initialCredit))
    }

    /// The wire's fixed initial credit of 16, granted back in batches of 8.
    public static let wire = CreditPolicy()
}
