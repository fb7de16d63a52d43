/// The caller's side of one connection: call ids, credit, and the peer's GoAway.
///
/// Pure state, like ``ServerConnectionStateMachine``: the transport performs the actions.
public struct ClientConnectionStateMachine {
    private enum State {
        case active
        /// The server sent GoAway: open no more calls; close when the last one ends.
        case goingAway
        case closed
    }

    private var state = State.active
    /// The reason the server gave in its GoAway, named in later refusals.
    private var goAwayReason: String?
    private var calls: [UInt32: CallFlow] = [:]
    private var recentlyEnded: RecentCallIDs
    private var nextCallID: UInt32 = 1
    public let creditPolicy: CreditPolicy

    public init(creditPolicy: CreditPolicy = .wire, recentlyEndedCapacity: Int = 1024) {
        self.creditPolicy = creditPolicy
        self.recentlyEnded = RecentCallIDs(capacity: recentlyEndedCapacity)
    }

    /// The number of open calls.
    public var openCalls: Int { calls.count }

    /// False once the server said GoAway or the connection closed.
    public var canOpenCalls: Bool {
        if case .active = state { return true }
        return false
    }

    /// Whether a new call may start, and its id.
    public enum OpenDecision: Equatable {
        case open(callID: UInt32)
        case refuse(Status)
    }

    /// Reserves a call id for a new call. `halfClosed` is true when the CallStart also half-closes.
    public mutating func openCall(halfClosed: Bool) -> OpenDecision {
        switch state {
        case .goingAway:
            return .refuse(Status(code: .unavailable, message: "connection is going away" + serverReason))
        case .closed:
            return .refuse(Status(code: .unavailable, message: "connection is closed" + serverReason))
        case .active:
            break
        }
        var id = nextCallID
        while calls[id] != nil || id == 0 { id &+= 1 }
        nextCallID = id &+ 1
        recentlyEnded.remove(id)
        var flow = CallFlow(policy: creditPolicy, inboundClosed: false)
        flow.outboundClosed = halfClosed
        calls[id] = flow
        return .open(callID: id)
    }

    /// What the transport does with a received frame.
    public enum ReceiveAction<Payload> {
        case deliverMessage(callID: UInt32, payload: Payload?, halfClose: Bool)
        /// The call ended: complete it with the CallEnd.
        case finishCall(callID: UInt32, CallEnd<Payload>)
        /// The server broke the call's rules: fail it with the status and send Cancel.
        case failCall(callID: UInt32, Status)
        case creditGranted(callID: UInt32)
        case sendPong(nonce: UInt64)
        case pongReceived(nonce: UInt64)
        /// The server is going away: these calls were never processed (safe to retry) and
        /// fail UNAVAILABLE; the others finish.
        case goAway(GoAway, unprocessedCalls: [UInt32])
        /// Send GoAway with the reason and close.
        case protocolError(WireProtocolError)
        case none
    }

    /// Feeds one decoded frame from the server.
    public mutating func receive<Payload: FramePayload>(_ frame: Frame<Payload>) -> ReceiveAction<Payload> {
        if case .closed = state { return .none }
        let id = frame.callID
        switch frame.body {
        case .message(let message):
            guard var flow = calls[id] else { return .none }
            guard !flow.inboundClosed else {
                return .protocolError(
                    WireProtocolError(code: .unexpectedFrame, reason: "Message after half-close on call id \(id)")
                )
            }
            // A half-close with an empty payload carries no message and spends no credit.
            let carriesMessage = !(message.halfClose && message.payload.isEmptyFramePayload)
            guard !carriesMessage || flow.inboundCredit > 0 else {
                finish(id)
                return .failCall(
                    callID: id,
                    Status(code: .resourceExhausted, message: "server sent more messages than its credit allowed")
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

        case .end(let end):
            guard calls[id] != nil else { return .none }
            finish(id)
            return .finishCall(callID: id, end)

        case .credit(let messages):
            guard var flow = calls[id] else { return .none }
            flow.outboundCredit += Int(messages)
            calls[id] = flow
            return .creditGranted(callID: id)

        case .ping(let nonce):
            return .sendPong(nonce: nonce)

        case .pong(let nonce):
            return .pongReceived(nonce: nonce)

        case .goAway(let goAway):
            state = .goingAway
            goAwayReason = goAway.reason
            let unprocessed = calls.keys.filter { $0 > goAway.lastCallID }.sorted()
            for call in unprocessed { finish(call) }
            return .goAway(goAway, unprocessedCalls: unprocessed)

        case .start, .cancel:
            return .protocolError(
                WireProtocolError(code: .unexpectedFrame, reason: "only the caller opens or cancels calls")
            )
        }
    }

    /// Asks to send one request message (after the CallStart) on a call.
    public mutating func sendMessage(callID: UInt32, halfClose: Bool = false) -> SendDecision {
        guard var flow = calls[callID], !flow.outboundClosed else { return .callEnded }
        guard flow.outboundCredit > 0 else { return .waitForCredit }
        flow.outboundCredit -= 1
        flow.outboundClosed = halfClose
        calls[callID] = flow
        return .send
    }

    /// Half-closes a call without a message; returns false if the call is over or already half-closed.
    public mutating func halfClose(callID: UInt32) -> Bool {
        guard var flow = calls[callID], !flow.outboundClosed else { return false }
        flow.outboundClosed = true
        calls[callID] = flow
        return true
    }

    /// The caller abandons a call (cancellation or deadline). Returns true if Cancel must be sent.
    public mutating func cancel(callID: UInt32) -> Bool {
        guard calls[callID] != nil else { return false }
        finish(callID)
        return true
    }

    /// The application consumed response messages; returns a Credit grant to send, if due.
    public mutating func messagesConsumed(callID: UInt32, count: Int = 1) -> UInt32? {
        guard var flow = calls[callID] else { return nil }
        let grant = flow.consumed(count, policy: creditPolicy)
        calls[callID] = flow
        return grant
    }

    /// True when the server has gone away and no calls remain: close now.
    public mutating func closeIfDrained() -> Bool {
        guard case .goingAway = state, calls.isEmpty else { return false }
        state = .closed
        return true
    }

    /// Marks the connection as going away by our own choice (client shutdown).
    public mutating func beginDrain() {
        if case .active = state { state = .goingAway }
    }

    /// The connection closed: returns the calls to fail.
    public mutating func connectionClosed() -> [UInt32] {
        state = .closed
        let open = Array(calls.keys)
        calls.removeAll()
        return open
    }

    private var serverReason: String {
        goAwayReason.map { "; the server said GoAway: \($0)" } ?? ""
    }

    private mutating func finish(_ id: UInt32) {
        calls.removeValue(forKey: id)
        recentlyEnded.insert(id)
    }
}
