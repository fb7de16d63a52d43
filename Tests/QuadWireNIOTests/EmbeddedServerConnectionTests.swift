import Logging
import NIOCore
import NIOEmbedded
import NIOTestUtils
import QuadWire
import QuadWireCore
@testable import QuadWireNIO
import Testing

/// The server side of a connection without a network: frames in, frames out.
private struct EmbeddedServer {
    let channel = EmbeddedChannel()
    let calls: AsyncStream<ServerCall>

    init(
        maxFrameSize: Int = 1024,
        idleTimeout: Duration? = nil,
        maxDeadline: Duration? = nil,
        maxCalls: Int? = nil,
        admission: (any CallAdmission)? = nil
    ) throws {
        let (calls, continuation) = AsyncStream<ServerCall>.makeStream()
        self.calls = calls
        let handler = ServerConnectionHandler(
            dispatcher: ServerCallDispatcher(
                services: [EchoService(events: HandlerEvents())],
                interceptor: nil,
                observer: nil,
                logger: Logger(label: "test")
            ),
            configuration: ServerConfiguration(
                tls: nil,
                maxDeadline: maxDeadline,
                idleTimeout: idleTimeout,
                maxConcurrentCallsPerConnection: maxCalls,
                admission: admission
            ),
            calls: continuation,
            logger: Logger(label: "test")
        )
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(FrameDecoderHandler(maxFrameSize: maxFrameSize))
        )
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    }

    func send(_ frame: Frame<ByteBuffer>) throws {
        var buffer = ByteBuffer()
        buffer.writeFrame(frame)
        try send(bytes: buffer)
    }

    func send(bytes: ByteBuffer) throws {
        do {
            try channel.writeInbound(bytes)
        } catch is WireProtocolError {
            // The decoder's error also reaches the handler through errorCaught.
        }
        channel.embeddedEventLoop.run()
    }

    /// Every frame the server wrote so far.
    func written() throws -> [Frame<ByteBuffer>] {
        var frames: [Frame<ByteBuffer>] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            while let frame = try FrameDecoderHandler.nextFrame(in: &buffer, splitter: FrameSplitter()) {
                frames.append(frame)
            }
        }
        return frames
    }

    func goAwayReason() throws -> String? {
        for frame in try written() {
            if case .goAway(let goAway) = frame.body { return goAway.reason }
        }
        return nil
    }
}

/// An admission that queues every unary call and lets the test grant or refuse them.
private final class QueueingAdmission: CallAdmission, @unchecked Sendable {
    // Touched only from the test's thread and the embedded event loop, which is the same.
    var waiters: [any CallAdmissionWaiter] = []
    var peerHosts: [String] = []
    var withdrawn: [CallAdmissionTicket] = []
    var ended: [(CallAdmissionPermit, StatusCode)] = []

    func admit(
        _ method: MethodDescriptor,
        peerHost: String,
        metadata: [String: String],
        waiter: () -> any CallAdmissionWaiter
    ) -> CallAdmissionDecision {
        guard method.kind == .unary else { return .exempt }
        waiters.append(waiter())
        peerHosts.append(peerHost)
        return .queued(CallAdmissionTicket(id: UInt64(waiters.count)))
    }

    func callEnded(_ permit: CallAdmissionPermit, code: StatusCode) { ended.append((permit, code)) }

    func withdraw(_ ticket: CallAdmissionTicket) -> Bool {
        withdrawn.append(ticket)
        return true
    }
}

private func start(_ id: UInt32, _ method: MethodDescriptor, payload: ByteBuffer? = nil, halfClose: Bool = false)
    -> Frame<ByteBuffer>
{
    Frame(callID: id, body: .start(CallStart(method: method.fullName, payload: payload, halfClose: halfClose)))
}

@Suite("Server connection protocol errors (EmbeddedChannel)")
struct EmbeddedServerConnectionTests {
    @Test("garbage bytes get a GoAway naming the reason, then the connection closes")
    func garbage() throws {
        let server = try EmbeddedServer()
        try server.send(bytes: ByteBuffer(bytes: [0, 0, 0, 3, 0xff, 0xff, 0xff]))
        let reason = try server.goAwayReason()
        #expect(reason?.isEmpty == false)
        #expect(!server.channel.isActive)
    }

    @Test("a length above maxFrameSize gets GoAway and close")
    func oversized() throws {
        let server = try EmbeddedServer(maxFrameSize: 1024)
        try server.send(bytes: ByteBuffer(bytes: [0, 0, 0x04, 0x01]))
        #expect(try server.goAwayReason()?.contains("exceeds the limit of 1024") == true)
        #expect(!server.channel.isActive)
    }

    @Test("a CallStart reusing an open call id gets GoAway and close")
    func reusedCallID() throws {
        let server = try EmbeddedServer()
        try server.send(start(1, Echo.chat))
        try server.send(start(1, Echo.chat))
        #expect(try server.goAwayReason()?.contains("reuses open call id 1") == true)
        #expect(!server.channel.isActive)
    }

    @Test("a Message for an unknown call gets GoAway and close")
    func unknownCall() throws {
        let server = try EmbeddedServer()
        try server.send(Frame(callID: 9, body: .message(StreamMessage(payload: ByteBuffer()))))
        #expect(try server.goAwayReason()?.contains("unknown call id 9") == true)
        #expect(!server.channel.isActive)
    }

    @Test("a caller that sends past its credit has that call ended RESOURCE_EXHAUSTED; the connection stays")
    func creditExhaustion() throws {
        let server = try EmbeddedServer()
        try server.send(start(1, Echo.chat))
        for _ in 0..<17 {
            try server.send(
                Frame(callID: 1, body: .message(StreamMessage(payload: ByteBuffer(bytes: [0x0a, 0x01, 0x41]))))
            )
        }
        let ends = try server.written().compactMap { frame -> Status? in
            if case .end(let end) = frame.body, frame.callID == 1 { return end.status }
            return nil
        }
        #expect(ends.map(\.code) == [.resourceExhausted])
        #expect(server.channel.isActive)
    }

    @Test(
        "a call beyond the per-connection limit waits, with reading stopped, instead of being refused; it starts when a slot frees",
        .timeLimit(.minutes(1))
    )
    func perConnectionLimit() async throws {
        let server = try EmbeddedServer(maxCalls: 2)
        var started = server.calls.makeAsyncIterator()
        try server.send(start(1, Echo.chat))
        try server.send(start(2, Echo.chat))
        try server.send(start(3, Echo.chat))

        // Then: nothing is refused, the connection stays, and the third call has not started
        let ends = try server.written().compactMap { frame -> UInt32? in
            if case .end = frame.body { return frame.callID }
            return nil
        }
        #expect(ends.isEmpty)
        #expect(server.channel.isActive)
        #expect(await started.next()?.callID == 1)
        #expect(await started.next()?.callID == 2)

        // When: one call ends (its cancel is read and handled while the new call waits), the held call starts
        try server.send(Frame(callID: 1, body: .cancel))
        #expect(await started.next()?.callID == 3)
    }

    @Test(
        "a call the admission queues starts when granted; one cancelled while queued is withdrawn and never starts",
        .timeLimit(.minutes(1))
    )
    func queuedAdmission() async throws {
        let admission = QueueingAdmission()
        let server = try EmbeddedServer(admission: admission)
        var started = server.calls.makeAsyncIterator()
        let payload = ByteBuffer(bytes: [0x0a, 0x01, 0x41])
        try server.send(start(1, Echo.unary, payload: payload, halfClose: true))
        try server.send(start(2, Echo.unary, payload: payload, halfClose: true))
        #expect(admission.waiters.count == 2)
        #expect(admission.peerHosts == ["127.0.0.1", "127.0.0.1"])

        // When: call 2 is cancelled while waiting, then call 1 is granted
        try server.send(Frame(callID: 2, body: .cancel))
        #expect(admission.withdrawn == [CallAdmissionTicket(id: 2)])
        admission.waiters[0].admitted(CallAdmissionPermit(method: Echo.unary.fullName, admittedAt: .zero, quiet: true))
        server.channel.embeddedEventLoop.run()

        // Then: call 1 starts; call 2 never does. A refusal of a waiting call is RESOURCE_EXHAUSTED
        #expect(await started.next()?.callID == 1)
        try server.send(start(3, Echo.unary, payload: payload, halfClose: true))
        admission.waiters[2].refused("waited too long")
        server.channel.embeddedEventLoop.run()
        let ends = try server.written().compactMap { frame -> (UInt32, Status)? in
            if case .end(let end) = frame.body { return (frame.callID, end.status) }
            return nil
        }
        #expect(ends.map(\.0) == [3])
        #expect(ends.first?.1.code == .resourceExhausted)
        #expect(ends.first?.1.message == "waited too long")

        // And: a grant that arrives for a call that went away gives its slot straight back
        admission.waiters[1].admitted(CallAdmissionPermit(method: Echo.unary.fullName, admittedAt: .zero, quiet: true))
        server.channel.embeddedEventLoop.run()
        #expect(admission.ended.map(\.1) == [.cancelled])
    }

    @Test("an unknown method is answered UNIMPLEMENTED without closing")
    func unknownMethod() throws {
        let server = try EmbeddedServer()
        try server.send(start(3, Echo.missing, payload: ByteBuffer(), halfClose: true))
        let ends = try server.written().compactMap { frame -> Status? in
            if case .end(let end) = frame.body { return end.status }
            return nil
        }
        #expect(ends.map(\.code) == [.unimplemented])
        #expect(server.channel.isActive)
    }

    @Test("a connection idle past the idle timeout gets GoAway and closes; a call in progress keeps it open")
    func idleTimeout() throws {
        let server = try EmbeddedServer(idleTimeout: .seconds(5))
        try server.send(start(1, Echo.chat))
        server.channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(try server.goAwayReason() == nil)
        #expect(server.channel.isActive)
        try server.send(Frame(callID: 1, body: .cancel))
        server.channel.embeddedEventLoop.advanceTime(by: .seconds(6))
        #expect(try server.goAwayReason() == "idle timeout")
        #expect(!server.channel.isActive)
    }

    @Test("a call past its deadline gets CallEnd DEADLINE_EXCEEDED from the server")
    func deadlineOnTheServer() throws {
        let server = try EmbeddedServer()
        try server.send(Frame(callID: 1, body: .start(CallStart(method: Echo.chat.fullName, timeoutMicros: 2_000_000))))
        server.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(try server.written().isEmpty)
        server.channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        let ends = try server.written().compactMap { frame -> Status? in
            if case .end(let end) = frame.body { return end.status }
            return nil
        }
        #expect(ends.map(\.code) == [.deadlineExceeded])
        #expect(server.channel.isActive)
    }

    @Test("Ping is answered with Pong carrying the same nonce")
    func ping() throws {
        let server = try EmbeddedServer()
        try server.send(Frame(callID: 0, body: .ping(42)))
        #expect(try server.written() == [Frame(callID: 0, body: .pong(42))])
    }
}

@Suite("FrameDecoderHandler")
struct FrameDecoderHandlerTests {
    @Test("decodes frames however the bytes are split (ByteToMessageDecoderVerifier)")
    func verifier() throws {
        let frames: [Frame<ByteBuffer>] = [
            Frame(
                callID: 1,
                body: .start(
                    CallStart(
                        method: "a.B/C",
                        timeoutMicros: 5,
                        metadata: ["k": "v"],
                        payload: ByteBuffer(string: "hello"),
                        halfClose: true
                    )
                )
            ),
            Frame(callID: 1, body: .message(StreamMessage(payload: ByteBuffer(string: "more"), halfClose: false))),
            Frame(
                callID: 1,
                body: .end(
                    CallEnd(status: Status(code: .notFound, message: "gone"), trailers: ["t": "1"], payload: nil)
                )
            ),
            Frame(callID: 0, body: .goAway(GoAway(lastCallID: 7, reason: "bye"))),
        ]
        let pairs = frames.map { frame -> (ByteBuffer, [Frame<ByteBuffer>]) in
            var buffer = ByteBuffer()
            buffer.writeFrame(frame)
            return (buffer, [frame])
        }
        try ByteToMessageDecoderVerifier.verifyDecoder(inputOutputPairs: pairs) { FrameDecoderHandler() }
    }
}
