import QuadWireCore
import Testing

@Suite("Server connection state machine")
struct ServerConnectionStateMachineTests {
    typealias F = Frame<[UInt8]>

    static func start(_ id: UInt32, halfClose: Bool = false) -> F {
        F(callID: id, body: .start(CallStart(method: "a.B/C", payload: [], halfClose: halfClose)))
    }

    @Test("a second CallStart on an open id is a protocol error; after the call ends the id may be reused")
    func reuse() {
        var machine = ServerConnectionStateMachine()
        guard case .startCall = machine.receive(Self.start(1, halfClose: true)) else {
            Issue.record("not started"); return
        }
        guard case .protocolError(let error) = machine.receive(Self.start(1)) else {
            Issue.record("not refused"); return
        }
        #expect(error.code == .reusedCallID)
        let result17 = machine.endCall(1)
        #expect(result17)
        guard case .startCall = machine.receive(Self.start(1)) else { Issue.record("reuse refused"); return }
    }

    @Test("credit: 16 messages in flight, the 17th ends the call RESOURCE_EXHAUSTED; grants come in batches of 8")
    func inboundCredit() {
        var machine = ServerConnectionStateMachine()
        _ = machine.receive(Self.start(1))
        for _ in 0..<16 {
            guard case .deliverMessage = machine.receive(F(callID: 1, body: .message(StreamMessage(payload: []))))
            else {
                Issue.record("message refused within credit")
                return
            }
        }
        for _ in 0..<7 { let result = machine.messagesConsumed(callID: 1); #expect(result == nil) }
        let result33 = machine.messagesConsumed(callID: 1)
        #expect(result33 == 8)
        for _ in 0..<8 { _ = machine.receive(F(callID: 1, body: .message(StreamMessage(payload: [])))) }
        guard case .endCall(1, let status) = machine.receive(F(callID: 1, body: .message(StreamMessage(payload: []))))
        else {
            Issue.record("overrun not refused")
            return
        }
        #expect(status.code == .resourceExhausted)
        #expect(machine.openCalls == 0)
    }

    @Test("outbound credit: the handler waits after 16 messages until Credit arrives")
    func outboundCredit() {
        var machine = ServerConnectionStateMachine()
        _ = machine.receive(Self.start(1, halfClose: true))
        for _ in 0..<16 { let result = machine.sendMessage(callID: 1); #expect(result == .send) }
        let result49 = machine.sendMessage(callID: 1)
        #expect(result49 == .waitForCredit)
        guard case .creditGranted(1) = machine.receive(F(callID: 1, body: .credit(2))) else {
            Issue.record("no grant"); return
        }
        let result52 = machine.sendMessage(callID: 1)
        #expect(result52 == .send)
        let result54 = machine.sendMessage(callID: 1)
        #expect(result54 == .send)
        let result56 = machine.sendMessage(callID: 1)
        #expect(result56 == .waitForCredit)
        let result58 = machine.sendMessage(callID: 9)
        #expect(result58 == .callEnded)
    }

    @Test("draining: GoAway names the last call; newer calls are refused UNAVAILABLE; close when the last ends")
    func drain() {
        var machine = ServerConnectionStateMachine()
        _ = machine.receive(Self.start(5, halfClose: true))
        let result66 = machine.beginDrain(reason: "bye")
        #expect(result66 == GoAway(lastCallID: 5, reason: "bye"))
        let result68 = machine.beginDrain(reason: "again")
        #expect(result68 == nil)
        guard case .rejectCall(7, let status) = machine.receive(Self.start(7, halfClose: true)) else {
            Issue.record("new call accepted while draining")
            return
        }
        #expect(status.code == .unavailable)
        let result75 = machine.closeIfDrained()
        #expect(!result75)
        let result77 = machine.endCall(5)
        #expect(result77)
        let result79 = machine.closeIfDrained()
        #expect(result79)
    }

    @Test("Cancel ends the call; a late Message for it is ignored, not a protocol error")
    func cancelThenLateMessage() {
        var machine = ServerConnectionStateMachine()
        _ = machine.receive(Self.start(3))
        guard case .cancelCall(3) = machine.receive(F(callID: 3, body: .cancel)) else {
            Issue.record("not cancelled"); return
        }
        guard case .none = machine.receive(F(callID: 3, body: .message(StreamMessage(payload: [])))) else {
            Issue.record("late message not ignored")
            return
        }
    }

    @Test("CallEnd from the caller and CallStart on call 0 are protocol errors")
    func unexpected() {
        var machine = ServerConnectionStateMachine()
        guard case .protocolError = machine.receive(F(callID: 1, body: .end(CallEnd(status: .ok)))) else {
            Issue.record("accepted"); return
        }
        guard case .protocolError = machine.receive(Self.start(0)) else { Issue.record("accepted"); return }
    }
}

@Suite("Client connection state machine")
struct ClientConnectionStateMachineTests {
    typealias F = Frame<[UInt8]>

    @Test("call ids are unique among open calls and skip 0")
    func ids() {
        var machine = ClientConnectionStateMachine()
        let result109 = machine.openCall(halfClosed: true)
        #expect(result109 == .open(callID: 1))
        let result111 = machine.openCall(halfClosed: true)
        #expect(result111 == .open(callID: 2))
        #expect(machine.openCalls == 2)
    }

    @Test("GoAway fails the calls above its last id as unprocessed and refuses new calls, naming the server's reason")
    func goAway() {
        var machine = ClientConnectionStateMachine()
        for _ in 0..<3 { _ = machine.openCall(halfClosed: true) }
        guard
            case .goAway(_, let unprocessed) = machine.receive(
                F(callID: 0, body: .goAway(GoAway(lastCallID: 1, reason: "bye")))
            )
        else {
            Issue.record("no goAway action")
            return
        }
        #expect(unprocessed == [2, 3])
        guard case .refuse(let status) = machine.openCall(halfClosed: true) else { Issue.record("opened"); return }
        #expect(status.code == .unavailable)
        #expect(status.message == "connection is going away; the server said GoAway: bye")
        guard case .finishCall(1, _) = machine.receive(F(callID: 1, body: .end(CallEnd(status: .ok)))) else {
            Issue.record("call 1 did not finish")
            return
        }
        let result131 = machine.closeIfDrained()
        #expect(result131)
        guard case .refuse(let closed) = machine.openCall(halfClosed: true) else { Issue.record("opened"); return }
        #expect(closed.message == "connection is closed; the server said GoAway: bye")
    }

    @Test("a server sending past its credit fails that call RESOURCE_EXHAUSTED")
    func serverOverrun() {
        var machine = ClientConnectionStateMachine()
        _ = machine.openCall(halfClosed: true)
        for _ in 0..<16 { _ = machine.receive(F(callID: 1, body: .message(StreamMessage(payload: [])))) }
        guard case .failCall(1, let status) = machine.receive(F(callID: 1, body: .message(StreamMessage(payload: []))))
        else {
            Issue.record("overrun accepted")
            return
        }
        #expect(status.code == .resourceExhausted)
    }

    @Test("only the caller opens or cancels calls")
    func serverMayNotOpen() {
        var machine = ClientConnectionStateMachine()
        guard case .protocolError = machine.receive(F(callID: 2, body: .start(CallStart(method: "x")))) else {
            Issue.record("accepted")
            return
        }
    }
}
