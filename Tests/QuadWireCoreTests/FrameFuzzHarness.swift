// The frame fuzz harness, shared by the libFuzzer target (Fuzz/FrameFuzzer.swift, which
// Fuzz/build.sh compiles together with this file and Shared/WireCore into one module) and the
// regression test (FuzzRegressionTests.swift in this target), so both run the same checks.
// One copy only: edit it here.

#if canImport(QuadWireCore)
    @testable import QuadWireCore
#endif

/// A check that failed: a round trip that does not hold, or a state machine that broke its
/// documented contract. (Traps inside the wire core are found by the crash itself.)
struct FuzzCheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The choices a transport and its application make (chunk sizes, when handlers reply, when to
/// drain), drawn from the input's bytes read backwards from the end, so mutating the tail of an
/// input steers behaviour without breaking the frames at its start.
struct FuzzDecisions {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func next() -> UInt8 {
        guard !bytes.isEmpty else { return 0 }
        defer { index &+= 1 }
        return bytes[bytes.count - 1 - index % bytes.count]
    }

    /// True with probability about 1/n.
    mutating func oneIn(_ n: UInt8) -> Bool { next() % n == 0 }

    mutating func creditPolicy() -> CreditPolicy {
        if oneIn(2) { return .wire }
        return CreditPolicy(initialCredit: Int(next() % 5), grantThreshold: Int(next() % 5))
    }

    mutating func recentlyEndedCapacity() -> Int { oneIn(2) ? 1024 : Int(next() % 4) }

    /// An element of a set, chosen deterministically (Set order is randomly seeded per process).
    mutating func pick(_ ids: some Collection<UInt32>) -> UInt32? {
        guard !ids.isEmpty else { return nil }
        let sorted = ids.sorted()
        return sorted[Int(next()) % sorted.count]
    }
}

/// The bytes of one connection, delivered in chunks as a transport reads them, split and decoded.
struct FuzzStream {
    let input: UnsafeRawBufferPointer
    let splitter = FrameSplitter(maxFrameSize: 64 * 1024)
    /// Bytes of complete frames already taken off the front.
    private var consumed = 0
    /// Bytes that have "arrived" so far.
    private var available = 0

    init(_ input: UnsafeRawBufferPointer) { self.input = input }

    /// The next decoded frame, its payloads copied out; nil at the end of the input or at the
    /// first protocol error (oversized length, malformed frame), where a transport would close.
    mutating func next(_ decisions: inout FuzzDecisions) throws(FuzzCheckFailure) -> Frame<[UInt8]>? {
        while true {
            let window = UnsafeRawBufferPointer(rebasing: input[consumed..<available])
            let found: Range<Int>?
            do {
                found = try splitter.nextFrame(in: window)
            } catch {
                guard error.code == .frameTooLarge, window.count >= 4, Self.lengthPrefix(window) > splitter.maxFrameSize
                else {
                    throw FuzzCheckFailure("splitter threw \(error) for a window of \(window.count) bytes")
                }
                return nil
            }
            guard let body = found else {
                if window.count >= 4, window.count - 4 >= Self.lengthPrefix(window) {
                    throw FuzzCheckFailure("splitter needs more bytes but a whole frame is in the window")
                }
                guard available < input.count else { return nil }
                available = min(input.count, available + 1 + Int(decisions.next()) * 8)
                continue
            }
            guard body == 4..<(4 + Self.lengthPrefix(window)), body.upperBound <= window.count else {
                throw FuzzCheckFailure("splitter returned \(body) for a window of \(window.count) bytes")
            }
            consumed += body.upperBound
            let frame: Frame<Range<Int>>
            do {
                frame = try FrameDecoder.decode(window, range: body)
            } catch {
                guard error.code == .malformedFrame else { throw FuzzCheckFailure("decoder threw \(error)") }
                return nil
            }
            let bytes = try frame.mapPayload { (range: Range<Int>) throws(FuzzCheckFailure) -> [UInt8] in
                // An empty payload may be reported anywhere in the buffer (CallStart/CallEnd with
                // has_payload and no bytes decode as 0..<0); bytes must lie inside the body.
                let inside =
                    range.isEmpty
                    ? range.lowerBound >= 0 && range.upperBound <= window.count
                    : range.lowerBound >= body.lowerBound && range.upperBound <= body.upperBound
                guard inside else {
                    throw FuzzCheckFailure("payload range \(range) outside the frame body \(body)")
                }
                return Array(UnsafeRawBufferPointer(rebasing: window[range]))
            }
            try FrameFuzzHarness.checkRoundTrip(bytes)
            return bytes
        }
    }

    static func lengthPrefix(_ bytes: UnsafeRawBufferPointer) -> Int {
        Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
    }
}

/// What the harness knows about one open call, to predict what the state machine answers.
struct FuzzCall {
    var inboundCredit: Int
    var outboundCredit: Int
    var inboundClosed: Bool
    var outboundClosed = false

    init(policy: CreditPolicy, inboundClosed: Bool) {
        inboundCredit = policy.initialCredit
        outboundCredit = policy.initialCredit
        self.inboundClosed = inboundClosed
    }

    func expectedSend(callOpen: Bool) -> SendDecision {
        guard callOpen, !outboundClosed else { return .callEnded }
        return outboundCredit > 0 ? .send : .waitForCredit
    }
}

enum FrameFuzzHarness {
    /// Feeds the input to a server connection, then (second pass) to a client connection.
    static func run(_ input: UnsafeRawBufferPointer) throws(FuzzCheckFailure) {
        try runServer(input)
        try runClient(input)
    }

    /// Encodes the frame, splits and decodes it again: it must come back equal.
    static func checkRoundTrip(_ frame: Frame<[UInt8]>) throws(FuzzCheckFailure) {
        let encoded = FrameEncoder.encode(frame)
        let bodyLength = FrameEncoder.bodyLength(of: frame)
        guard encoded.count == FrameEncoder.prefixLength + bodyLength else {
            throw FuzzCheckFailure("encoded \(encoded.count) bytes, expected 4 + \(bodyLength): \(frame)")
        }
        let problem: String? = encoded.withUnsafeBytes { raw in
            let body: Range<Int>?
            do {
                body = try FrameSplitter().nextFrame(in: raw)
            } catch {
                return "splitter rejected the re-encoded frame: \(error)"
            }
            guard let body, body == 4..<raw.count else {
                return "splitter split the re-encoded frame as \(String(describing: body))"
            }
            let decoded: Frame<Range<Int>>
            do {
                decoded = try FrameDecoder.decode(raw, range: body)
            } catch {
                return "re-encoded frame does not decode: \(error)"
            }
            let again = decoded.mapPayload { Array(UnsafeRawBufferPointer(rebasing: raw[$0])) }
            guard again == frame else { return "round trip changed the frame: \(again)" }
            guard FrameEncoder.bodyLength(of: again) == bodyLength else { return "re-encoding changed the length" }
            return nil
        }
        if let problem { throw FuzzCheckFailure("\(problem)\n  frame: \(frame)\n  bytes: \(encoded)") }
    }

    // MARK: Server

    static func runServer(_ input: UnsafeRawBufferPointer) throws(FuzzCheckFailure) {
        var decisions = FuzzDecisions(input)
        let policy = decisions.creditPolicy()
        var server = ServerConnectionStateMachine(
            creditPolicy: policy,
            recentlyEndedCapacity: decisions.recentlyEndedCapacity()
        )
        var stream = FuzzStream(input)
        var calls: [UInt32: FuzzCall] = [:]
        var draining = false
        var highestCallID: UInt32 = 0

        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzCheckFailure) {
            if !condition { throw FuzzCheckFailure("server: \(message())") }
        }

        /// A handler sends `count` response messages, as far as credit allows.
        func send(_ id: UInt32, count: UInt8) throws(FuzzCheckFailure) {
            for _ in 0..<count {
                let expected = calls[id]?.expectedSend(callOpen: true) ?? .callEnded
                let decision = server.sendMessage(callID: id)
                try check(decision == expected, "sendMessage(\(id)) = \(decision), expected \(expected)")
                guard decision == .send else { return }
                calls[id]?.outboundCredit -= 1
            }
        }

        /// The handler consumed request messages; a due grant becomes a Credit frame.
        func consume(_ id: UInt32, count: Int) throws(FuzzCheckFailure) {
            let grant = server.messagesConsumed(callID: id, count: count)
            if let grant {
                try check(
                    grant > 0 && calls[id]?.inboundClosed == false,
                    "grant \(grant) for call \(id) \(String(describing: calls[id]))"
                )
                calls[id]?.inboundCredit += Int(grant)
                try checkRoundTrip(Frame(callID: id, body: .credit(grant)))
            }
        }

        /// The handler finishes: CallEnd is written when the call was still open.
        func finish(_ id: UInt32, status: Status) throws(FuzzCheckFailure) {
            let wasOpen = calls.removeValue(forKey: id) != nil
            let ended = server.endCall(id)
            try check(ended == wasOpen, "endCall(\(id)) = \(ended), call open: \(wasOpen)")
            if ended { try checkRoundTrip(Frame(callID: id, body: .end(CallEnd(status: status, payload: [1, 2, 3])))) }
        }

        while let frame = try stream.next(&decisions) {
            // Local events between frames: a handler finishes, shutdown begins.
            if decisions.oneIn(8), let id = decisions.pick(calls.keys) {
                try finish(
                    id,
                    status: Status(code: StatusCode(rawValue: UInt32(decisions.next() % 17)), message: "done")
                )
            }
            if decisions.oneIn(16) {
                let goAway = server.beginDrain(reason: "fuzz drain")
                try check(
                    (goAway == nil) == draining,
                    "beginDrain returned \(String(describing: goAway)) while draining: \(draining)"
                )
                if let goAway {
                    try check(
                        goAway.lastCallID == highestCallID,
                        "GoAway \(goAway) but highest call id \(highestCallID)"
                    )
                    try checkRoundTrip(Frame(callID: 0, body: .goAway(goAway)))
                }
                draining = true
            }

            let id = frame.callID
            let action = server.receive(frame)
            switch action {
            case .startCall(let callID, let start):
                guard case .start(let sent) = frame.body else {
                    throw FuzzCheckFailure("server: startCall for \(frame)")
                }
                try check(
                    callID == id && id != 0 && calls[id] == nil && start == sent,
                    "startCall(\(callID)) for \(frame)"
                )
                try check(!draining || id <= highestCallID, "call \(id) started while draining past \(highestCallID)")
                highestCallID = max(highestCallID, id)
                calls[id] = FuzzCall(policy: policy, inboundClosed: start.halfClose)
                try send(id, count: decisions.next() % 4)
                if decisions.oneIn(2) { try consume(id, count: 1) }
                if start.halfClose || decisions.oneIn(4) {
                    if decisions.oneIn(2) { try finish(id, status: .ok) }
                }

            case .rejectCall(let callID, let status):
                try check(
                    callID == id && draining && id > highestCallID && calls[id] == nil,
                    "rejectCall(\(callID)) for \(frame)"
                )
                try check(status.code == .unavailable, "rejectCall status \(status)")
                try checkRoundTrip(Frame(callID: id, body: .end(CallEnd(status: status))))

            case .deliverMessage(let callID, let payload, let halfClose):
                guard case .message(let message) = frame.body, var call = calls[id] else {
                    throw FuzzCheckFailure("server: deliverMessage for \(frame), calls \(calls)")
                }
                // A half-close with an empty payload carries no message and spends no credit.
                let carries = !(message.halfClose && message.payload.isEmpty)
                try check(
                    callID == id && payload == (carries ? message.payload : nil) && halfClose == message.halfClose,
                    "deliverMessage mismatch for \(frame)"
                )
                try check(
                    !call.inboundClosed && (!carries || call.inboundCredit > 0),
                    "delivered past half-close or credit: \(call)"
                )
                if carries { call.inboundCredit -= 1 }
                call.inboundClosed = halfClose
                calls[id] = call
                if decisions.oneIn(2) { try consume(id, count: 1 + Int(decisions.next() % 4)) }
                if halfClose && decisions.oneIn(2) { try finish(id, status: .ok) }

            case .cancelCall(let callID):
                try check(
                    callID == id && frame.body == .cancel && calls.removeValue(forKey: id) != nil,
                    "cancelCall for \(frame)"
                )
                try check(!server.endCall(id), "endCall(\(id)) after cancel returned true")

            case .endCall(let callID, let status):
                guard case .message = frame.body, let call = calls.removeValue(forKey: id) else {
                    throw FuzzCheckFailure("server: endCall for \(frame)")
                }
                try check(
                    callID == id && call.inboundCredit == 0 && !call.inboundClosed,
                    "endCall for \(frame), call \(call)"
                )
                try check(status.code == .resourceExhausted, "overrun status \(status)")
                try check(!server.endCall(id), "endCall(\(id)) after overrun returned true")
                try checkRoundTrip(Frame(callID: id, body: .end(CallEnd(status: status))))

            case .creditGranted(let callID):
                guard case .credit(let messages) = frame.body, calls[id] != nil else {
                    throw FuzzCheckFailure("server: creditGranted for \(frame)")
                }
                try check(callID == id, "creditGranted(\(callID)) for \(frame)")
                calls[id]?.outboundCredit += Int(messages)
                try send(id, count: decisions.next() % 8)

            case .sendPong(let nonce):
                try check(frame.body == .ping(nonce), "sendPong(\(nonce)) for \(frame)")
                try checkRoundTrip(Frame(callID: 0, body: .pong(nonce)))

            case .pongReceived(let nonce):
                try check(frame.body == .pong(nonce), "pongReceived(\(nonce)) for \(frame)")

            case .peerGoingAway:
                guard case .goAway = frame.body else { throw FuzzCheckFailure("server: peerGoingAway for \(frame)") }
                draining = true

            case .protocolError(let error):
                switch (frame.body, error.code) {
                case (.start, .unexpectedFrame): try check(id == 0, "\(error) for \(frame)")
                case (.start, .reusedCallID): try check(calls[id] != nil, "\(error) for \(frame)")
                case (.message, .unknownCall): try check(calls[id] == nil, "\(error) for \(frame)")
                case (.message, .unexpectedFrame): try check(calls[id]?.inboundClosed == true, "\(error) for \(frame)")
                case (.end, .unexpectedFrame): break
                default: throw FuzzCheckFailure("server: unexpected \(error) for \(frame)")
                }
                // The transport sends GoAway with the reason and closes.
                try checkRoundTrip(
                    Frame(callID: 0, body: .goAway(GoAway(lastCallID: highestCallID, reason: error.reason)))
                )
                let cancelled = server.connectionClosed()
                try check(
                    Set(cancelled) == Set(calls.keys),
                    "connectionClosed returned \(cancelled), open \(calls.keys.sorted())"
                )
                guard case .none = server.receive(frame) else {
                    throw FuzzCheckFailure("server: frame accepted after close")
                }
                return

            case .none:
                switch frame.body {
                case .message, .cancel, .credit: try check(calls[id] == nil, "ignored \(frame) for an open call")
                default: throw FuzzCheckFailure("server: ignored \(frame)")
                }
            }

            try check(server.openCalls == calls.count, "openCalls \(server.openCalls), expected \(calls.count)")
            try check(server.isDraining == draining, "isDraining \(server.isDraining), expected \(draining)")
            if draining, decisions.oneIn(2) {
                let closed = server.closeIfDrained()
                try check(closed == calls.isEmpty, "closeIfDrained = \(closed) with \(calls.count) open calls")
                if closed {
                    guard case .none = server.receive(frame) else {
                        throw FuzzCheckFailure("server: frame accepted after close")
                    }
                    try check(server.connectionClosed().isEmpty, "calls left after drained close")
                    return
                }
            }
        }
        // End of input: the connection closed.
        let cancelled = server.connectionClosed()
        try check(
            Set(cancelled) == Set(calls.keys),
            "connectionClosed returned \(cancelled), open \(calls.keys.sorted())"
        )
    }

    // MARK: Client

    /// The same bytes as the server's replies. A CallStart in the stream mostly stands for the
    /// application opening a call and a Cancel for it cancelling one (the client never receives
    /// those); occasionally they are received, which must be a protocol error.
    static func runClient(_ input: UnsafeRawBufferPointer) throws(FuzzCheckFailure) {
        var decisions = FuzzDecisions(input)
        _ = decisions.next()  // a different sequence of choices from the server pass
        let policy = decisions.creditPolicy()
        var client = ClientConnectionStateMachine(
            creditPolicy: policy,
            recentlyEndedCapacity: decisions.recentlyEndedCapacity()
        )
        var stream = FuzzStream(input)
        var calls: [UInt32: FuzzCall] = [:]
        var goingAway = false

        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzCheckFailure) {
            if !condition { throw FuzzCheckFailure("client: \(message())") }
        }

        func open(halfClosed: Bool) throws(FuzzCheckFailure) {
            let decision = client.openCall(halfClosed: halfClosed)
            switch decision {
            case .open(let id):
                try check(!goingAway && id != 0 && calls[id] == nil, "openCall gave \(id), open \(calls.keys.sorted())")
                var call = FuzzCall(policy: policy, inboundClosed: false)
                call.outboundClosed = halfClosed
                calls[id] = call
                try checkRoundTrip(
                    Frame(
                        callID: id,
                        body: .start(
                            CallStart(
                                method: "quad.fuzz.v1.Fuzz/Call",
                                metadata: ["x-request-id": "\(id)"],
                                payload: [],
                                halfClose: halfClosed
                            )
                        )
                    )
                )
            case .refuse(let status):
                try check(goingAway && status.code == .unavailable, "openCall refused \(status)")
            }
        }

        func send(_ id: UInt32, count: UInt8, halfCloseLast: Bool) throws(FuzzCheckFailure) {
            for index in 0..<count {
                let halfClose = halfCloseLast && index == count - 1
                let expected = calls[id]?.expectedSend(callOpen: true) ?? .callEnded
                let decision = client.sendMessage(callID: id, halfClose: halfClose)
                try check(decision == expected, "sendMessage(\(id)) = \(decision), expected \(expected)")
                guard decision == .send else { return }
                calls[id]?.outboundCredit -= 1
                calls[id]?.outboundClosed = halfClose
            }
        }

        func consume(_ id: UInt32, count: Int) throws(FuzzCheckFailure) {
            if let grant = client.messagesConsumed(callID: id, count: count) {
                try check(
                    grant > 0 && calls[id]?.inboundClosed == false,
                    "grant \(grant) for call \(id) \(String(describing: calls[id]))"
                )
                calls[id]?.inboundCredit += Int(grant)
                try checkRoundTrip(Frame(callID: id, body: .credit(grant)))
            }
        }

        while let frame = try stream.next(&decisions) {
            let id = frame.callID
            // Local events between frames.
            if decisions.oneIn(16) {
                client.beginDrain()
                goingAway = true
            }
            if decisions.oneIn(8), let call = decisions.pick(calls.keys) {
                switch decisions.next() % 3 {
                case 0:
                    let halfClosed = client.halfClose(callID: call)
                    try check(
                        halfClosed == (calls[call]?.outboundClosed == false),
                        "halfClose(\(call)) = \(halfClosed)"
                    )
                    calls[call]?.outboundClosed = true
                case 1: try send(call, count: decisions.next() % 4, halfCloseLast: decisions.oneIn(2))
                default: try consume(call, count: 1 + Int(decisions.next() % 8))
                }
            }

            switch frame.body {
            case .start(let start) where !decisions.oneIn(8):
                try open(halfClosed: start.halfClose)
                continue
            case .cancel where !decisions.oneIn(8):
                let cancelled = client.cancel(callID: id)
                try check(cancelled == (calls.removeValue(forKey: id) != nil), "cancel(\(id)) = \(cancelled)")
                if cancelled { try checkRoundTrip(Frame(callID: id, body: .cancel)) }
                continue
            default:
                break
            }

            let action = client.receive(frame)
            switch action {
            case .deliverMessage(let callID, let payload, let halfClose):
                guard case .message(let message) = frame.body, var call = calls[id] else {
                    throw FuzzCheckFailure("client: deliverMessage for \(frame), calls \(calls)")
                }
                // A half-close with an empty payload carries no message and spends no credit.
                let carries = !(message.halfClose && message.payload.isEmpty)
                try check(
                    callID == id && payload == (carries ? message.payload : nil) && halfClose == message.halfClose,
                    "deliverMessage mismatch for \(frame)"
                )
                try check(
                    !call.inboundClosed && (!carries || call.inboundCredit > 0),
                    "delivered past half-close or credit: \(call)"
                )
                if carries { call.inboundCredit -= 1 }
                call.inboundClosed = halfClose
                calls[id] = call
                if decisions.oneIn(2) { try consume(id, count: 1) }

            case .finishCall(let callID, let end):
                guard case .end(let sent) = frame.body, calls.removeValue(forKey: id) != nil else {
                    throw FuzzCheckFailure("client: finishCall for \(frame)")
                }
                try check(callID == id && end == sent, "finishCall mismatch for \(frame)")
                try check(!client.cancel(callID: id), "cancel(\(id)) after finish returned true")

            case .failCall(let callID, let status):
                guard case .message = frame.body, let call = calls.removeValue(forKey: id) else {
                    throw FuzzCheckFailure("client: failCall for \(frame)")
                }
                try check(
                    callID == id && call.inboundCredit == 0 && !call.inboundClosed,
                    "failCall for \(frame), call \(call)"
                )
                try check(status.code == .resourceExhausted, "overrun status \(status)")
                try check(!client.cancel(callID: id), "cancel(\(id)) after failCall returned true")
                try checkRoundTrip(Frame(callID: id, body: .cancel))

            case .creditGranted(let callID):
                guard case .credit(let messages) = frame.body, calls[id] != nil else {
                    throw FuzzCheckFailure("client: creditGranted for \(frame)")
                }
                try check(callID == id, "creditGranted(\(callID)) for \(frame)")
                calls[id]?.outboundCredit += Int(messages)
                try send(id, count: decisions.next() % 8, halfCloseLast: decisions.oneIn(4))

            case .sendPong(let nonce):
                try check(frame.body == .ping(nonce), "sendPong(\(nonce)) for \(frame)")
                try checkRoundTrip(Frame(callID: 0, body: .pong(nonce)))

            case .pongReceived(let nonce):
                try check(frame.body == .pong(nonce), "pongReceived(\(nonce)) for \(frame)")

            case .goAway(let goAway, let unprocessed):
                try check(frame.body == .goAway(goAway), "goAway \(goAway) for \(frame)")
                let expected = calls.keys.filter { $0 > goAway.lastCallID }.sorted()
                try check(unprocessed == expected, "unprocessed \(unprocessed), expected \(expected)")
                for call in unprocessed { calls[call] = nil }
                goingAway = true

            case .protocolError(let error):
                switch (frame.body, error.code) {
                case (.start, .unexpectedFrame), (.cancel, .unexpectedFrame): break
                case (.message, .unexpectedFrame): try check(calls[id]?.inboundClosed == true, "\(error) for \(frame)")
                default: throw FuzzCheckFailure("client: unexpected \(error) for \(frame)")
                }
                let failed = client.connectionClosed()
                try check(
                    Set(failed) == Set(calls.keys),
                    "connectionClosed returned \(failed), open \(calls.keys.sorted())"
                )
                guard case .refuse = client.openCall(halfClosed: true) else {
                    throw FuzzCheckFailure("client: opened a call after close")
                }
                return

            case .none:
                switch frame.body {
                case .message, .end, .credit: try check(calls[id] == nil, "ignored \(frame) for an open call")
                default: throw FuzzCheckFailure("client: ignored \(frame)")
                }
            }

            try check(client.openCalls == calls.count, "openCalls \(client.openCalls), expected \(calls.count)")
            try check(
                client.canOpenCalls == !goingAway,
                "canOpenCalls \(client.canOpenCalls) while going away: \(goingAway)"
            )
            if goingAway, decisions.oneIn(2) {
                let closed = client.closeIfDrained()
                try check(closed == calls.isEmpty, "closeIfDrained = \(closed) with \(calls.count) open calls")
                if closed {
                    guard case .none = client.receive(frame) else {
                        throw FuzzCheckFailure("client: frame accepted after close")
                    }
                    return
                }
            }
        }
        let failed = client.connectionClosed()
        try check(Set(failed) == Set(calls.keys), "connectionClosed returned \(failed), open \(calls.keys.sorted())")
    }
}
