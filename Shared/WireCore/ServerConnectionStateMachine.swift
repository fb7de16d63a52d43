/// The callee's side of one connection: which calls are open, their credit, and draining.
///
/// Pure state: the transport feeds it frames and local events and performs the returned
/// actions (writing frames, running or cancelling handlers, closing). It never does I/O,
/// so it is unit-tested and fuzzed without a network.
public struct ServerConnectionStateMachine {
    private enum State {
        case active
        /// GoAway sent or received: no new calls; close when the last call ends.
        case draining(lastCallID: UInt32)
        case closed
    }

    private var state = State.active
    private var calls: [UInt32: CallFlow] = [:]
    private var recentlyEnded: RecentCallIDs
    private var highestCallID: UInt32 = 0
    public let creditPolicy: CreditPolicy

    public init(creditPolicy: CreditPolicy = .wire, recentlyEndedCapacity: Int = 1024) {
        self.creditPolicy = creditPolicy
        self.recentlyEnded = RecentCallIDs(capacity: recentlyEndedCapacity)
    }

    /// The number of open calls.
    public var openCalls: Int { calls.count }

    /// The highest call id accepted so far: a GoAway names it, so the caller knows every
    /// call above it was never processed.
    public var lastAcceptedCallID: UInt32 { highestCallID }

    /// True once no new calls are accepted.
    public var isDraining: Bool {
        if case .active = state { return false }
        return true
    }

    /// What the transport does with a received frame.
    public enum ReceiveAction<Payload> {
        /// Run the method's handler for a new call.
        case startCall(callID: UInt32, CallStart<Payload>)
        /// Answer the new call with this status at once (the server is draining).
        case rejectCall(callID: UInt32, Status)
        /// Hand a request message to the call's handler (`nil`: half-close only), then end its
        /// request stream if `halfClose`.
        case deliverMessage(callID: UInt32, payload: Payload?, halfClose: Bool)
        /// The caller abandoned the call: cancel its handler and send nothing more for it.
        case cancelCall(callID: UInt32)
        /// The caller sent past its credit: cancel the handler and end the call with this status.
        case endCall(callID: UInt32, Status)
        /// More credit arrived for a call: resume a writer waiting for it.
        case creditGranted(callID: UInt32)
        case sendPong(nonce: UInt64)
        case pongReceived(nonce: UInt64)
        /// The caller will open no more calls; close once ``closeIfDrained`` says so.
        case peerGoingAway
        /// Send GoAway with the error's reason, then close.
        case protocolError(WireProtocolError)
        case none
    }

    /// Feeds one decoded frame from the caller.
    public mutating func receive<Payload: FramePayload>(_ frame: Frame<Payload>) -> ReceiveAction<Payload> {
        if case .closed = state { return .none }
        let id = frame.callID
        switch frame.body {
        case .start(let start):
            guard id != 0 else {
                return .protocolError(WireProtocolError(code: .unexpectedFrame, reason: "CallStart on call id 0"))
            }
            guard calls[id] == nil else {
                return .protocolError(
                    WireProtocolError(code: .reusedCallID, reason: "CallStart reuses open call id \(id)")
                )
            }
            recentlyEnded.remove(id)
            if case .draining(let last) = state, id > last {
                // The caller may still send messages on the call it thinks it opened: ignore them.
                if !start.halfClose { recentlyEnded.insert(id) }
                return .rejectCall(
                    callID: id,
                    Status(code: .unavailable, message: "server is shutting down; retry on another connection")
                )
            }
            highestCallID = max(highestCallID, id)
            calls[id] = CallFlow(policy: creditPolicy, inboundClosed: start.halfClose)
            return .startCall(callID: id, start)

        case .message(let message):
            guard var flow = calls[id] else {
                if recentlyEnded.contains(id) { return .none }
                return .protocolError(
                    WireProtocolError(code: .unknownCall, reason: "Message for unknown call id \(id)")
                )
            }
            guard !flow.inboundClosed else {
                return .protocolError(
                    WireProtocolError(code: .unexpectedFrame, reason: "Message after half-close on call id \(id)")
                )
            }
            // A half-close with an empty payload carries no message and spends no credit.
            let carriesMessage = !(message.halfClose && message.payload.isEmptyFramePayload)
            guard !carriesMessage || flow.inboundCredit > 0 else {
                endCall(id)
                return .endCall(
                    callID: id,
                    Status(code: .resourceExhausted, message: "caller sent more messages than its credit allowed")
                )
            }
            if carriesMessage { flow.inboundCredit -= 1 }
            flow.inboundClosed = message.halfClose
            calls[id] = flow
            return .deliverMessage(
                callID: id,
                payload: carriesMessage ? message.payload : nil,
                halfClose: message.halfClose
            )

        case .cancel:
            guard calls[id] != nil else { return .none }
            endCall(id)
            return .cancelCall(callID: id)

        case .credit(let messages):
            guard var flow = calls[id] else { return .none }
            flow.outboundCredit += Int(messages)
            calls[id] = flow
            return .creditGranted(callID: id)

        case .ping(let nonce):
            return .sendPong(nonce: nonce)

        case .pong(let nonce):
            return .pongReceived(nonce: nonce)

        case .goAway:
            if case .active = state { state = .draining(lastCallID: highestCallID) }
            return .peerGoingAway

        case .end:
            return .protocolError(WireProtocolError(code: .unexpectedFrame, reason: "CallEnd sent by the caller"))
        }
    }

    /// Asks to send one response message on a call.
    public mutating func sendMessage(callID: UInt32) -> SendDecision {
        guard var flow = calls[callID] else { return .callEnded }
        guard flow.outboundCredit > 0 else { return .waitForCredit }
        flow.outboundCredit -= 1
        calls[callID] = flow
        return .send
    }

    /// The handler is done (or the deadline passed): returns false when the call had already
    /// ended (cancelled, overrun), in which case nothing must be written.
    @discardableResult
    public mutating func endCall(_ callID: UInt32) -> Bool {
        guard let flow = calls.removeValue(forKey: callID) else { return false }
        if !flow.inboundClosed { recentlyEnded.insert(callID) }
        return true
    }

    /// The handler consumed request messages; returns a Credit grant to send, if due.
    public mutating func messagesConsumed(callID: UInt32, count: Int = 1) -> UInt32? {
        guard var flow = calls[callID] else { return nil }
        let grant = flow.consumed(count, policy: creditPolicy)
        calls[callID] = flow
        return grant
    }

    /// Starts a graceful shutdown: returns the GoAway to send (nil if already draining).
    public mutating func beginDrain(reason: String) -> GoAway? {
        guard case .active = state else { return nil }
        state = .draining(lastCallID: highestCallID)
        return GoAway(lastCallID: highestCallID, reason: reason)
    }

    /// True when the connection is draining and has no open calls: close it now.
    public mutating func closeIfDrained() -> Bool {
        guard case .draining = state, calls.isEmpty else { return false }
        state = .closed
        return true
    }

    /// The connection closed: returns the calls whose handlers must be cancelled.
    public mutating func connectionClosed() -> [UInt32] {
        state = .closed
        let open = Array(calls.keys)
        calls.removeAll()
        return open
    }
}
