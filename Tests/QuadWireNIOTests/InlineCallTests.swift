import Logging
import NIOCore
import NIOEmbedded
import QuadWire
import QuadWireCore
@testable import QuadWireNIO
import Synchronization
import Testing

/// Counts how calls end, as a metrics observer would.
private final class StatusObserver: ServerCallObserver {
    let statuses = Mutex<[StatusCode]>([])

    func callStarted(_ method: MethodDescriptor) -> any ServerCallObservation { Observation(observer: self) }

    private struct Observation: ServerCallObservation {
        let observer: StatusObserver
        func callFinished(status: StatusCode) { observer.statuses.withLock { $0.append(status) } }
    }
}

/// Records, at each flush that reaches the socket, how many CallEnds had been written so far.
private final class FlushRecorder: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    var ends = 0
    var flushes: [Int] = []

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var buffer = unwrapOutboundIn(data)
        while let frame = try? FrameDecoderHandler.nextFrame(in: &buffer, splitter: FrameSplitter()) {
            if case .end = frame.body { ends += 1 }
        }
        context.write(data, promise: promise)
    }

    func flush(context: ChannelHandlerContext) {
        flushes.append(ends)
        context.flush()
    }
}

/// A server connection on an EmbeddedChannel, with the pipeline the server builds (the
/// decoder knows the method names) and every call's runner left out: inline calls need none.
private struct InlineServer {
    let channel = EmbeddedChannel()
    let recorder = FlushRecorder()
    let observer = StatusObserver()

    init(flushEvery: Int = 16, idleTimeout: Duration? = nil) throws {
        let dispatcher = ServerCallDispatcher(
            services: [EchoService(events: HandlerEvents())],
            interceptor: nil,
            observer: observer,
            logger: Logger(label: "test")
        )
        let (_, calls) = AsyncStream<ServerCall>.makeStream()
        let handler = ServerConnectionHandler(
            dispatcher: dispatcher,
            configuration: ServerConfiguration(tls: nil, idleTimeout: idleTimeout, flushEvery: flushEvery),
            calls: calls,
            logger: Logger(label: "test")
        )
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(recorder)
        try sync.addHandler(ByteToMessageHandler(FrameDecoderHandler(methodNames: dispatcher.methodNames)))
        try sync.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    }

    /// Sends `frames` in one read (one burst).
    func send(_ frames: [Frame<ByteBuffer>]) throws {
        var buffer = ByteBuffer()
        for frame in frames { buffer.writeFrame(frame) }
        try channel.writeInbound(buffer)
    }

    /// Every frame written so far.
    func written() throws -> [Frame<ByteBuffer>] {
        var frames: [Frame<ByteBuffer>] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            while let frame = try FrameDecoderHandler.nextFrame(in: &buffer, splitter: FrameSplitter()) {
                frames.append(frame)
            }
        }
        return frames
    }

    /// The CallEnds written so far, by call id.
    func ends() throws -> [UInt32: CallEnd<ByteBuffer>] {
        var ends: [UInt32: CallEnd<ByteBuffer>] = [:]
        for frame in try written() {
            if case .end(let end) = frame.body { ends[frame.callID] = end }
        }
        return ends
    }
}

private func call(_ id: UInt32, _ value: String, method: String = Echo.inline.fullName, timeoutMicros: UInt64 = 0)
    throws -> Frame<ByteBuffer>
{
    Frame(
        callID: id,
        body: .start(
            CallStart(
                method: method,
                timeoutMicros: timeoutMicros,
                payload: try ProtobufCoding.encode(text(value)),
                halfClose: true
            )
        )
    )
}

private func answer(_ end: CallEnd<ByteBuffer>?) throws -> String? {
    guard let payload = end?.payload else { return nil }
    return try ProtobufCoding.decode(Text.self, from: payload).service
}

@Suite("Inline (unarySync) calls on the event loop")
struct InlineCallTests {
    @Test("an inline call is answered within the read that carried it, and observed")
    func answeredInline() throws {
        let server = try InlineServer()
        try server.send([try call(1, "hi")])
        let ends = try server.ends()
        #expect(ends[1]?.status.code == .ok)
        #expect(try answer(ends[1]) == "inline:hi")
        #expect(server.observer.statuses.withLock { $0 } == [.ok])
    }

    @Test("an inline handler's RPCError is the call's status; any other error is INTERNAL")
    func errors() throws {
        let server = try InlineServer()
        try server.send([try call(1, "fail"), try call(3, "crash"), try call(5, "fine")])
        let ends = try server.ends()
        #expect(ends[1]?.status.code == .notFound)
        #expect(ends[1]?.status.message == "no such thing")
        #expect(ends[1]?.payload == nil)
        #expect(ends[3]?.status.code == .internal)
        #expect(try answer(ends[5]) == "inline:fine")
        #expect(server.observer.statuses.withLock { $0 } == [.notFound, .internal, .ok])
    }

    @Test("an inline call whose deadline passes while it runs is answered DEADLINE_EXCEEDED")
    func deadline() throws {
        let server = try InlineServer()
        try server.send([try call(1, "slow", timeoutMicros: 2_000), try call(3, "after")])
        let ends = try server.ends()
        #expect(ends[1]?.status.code == .deadlineExceeded)
        #expect(ends[1]?.payload == nil)
        // The connection goes on serving.
        #expect(try answer(ends[3]) == "inline:after")
        #expect(server.observer.statuses.withLock { $0 } == [.deadlineExceeded, .ok])
    }

    @Test("within one read burst answers are flushed every flushEvery, before the burst ends")
    func flushedWithinBurst() throws {
        let server = try InlineServer(flushEvery: 2)
        try server.send((0..<5).map { try call(UInt32(2 * $0 + 1), "\($0)") })
        // Two flushes of two answers went out while the burst was still being served; the last
        // answer at the burst's end.
        #expect(server.recorder.flushes == [2, 4, 5])
        let ends = try server.ends()
        #expect(ends.count == 5)
        #expect(try answer(ends[9]) == "inline:4")
    }

    @Test("an unknown method is UNIMPLEMENTED through the decoder's table of names, and known ones still run")
    func unknownMethod() throws {
        let server = try InlineServer()
        try server.send([
            try call(1, "x", method: "quad.test.v1.Echo/Nope"),
            // A prefix and an extension of a known name are not it.
            try call(3, "x", method: "quad.test.v1.Echo/Inlin"),
            try call(5, "x", method: "quad.test.v1.Echo/InlineX"),
            try call(7, "x"),
        ])
        let ends = try server.ends()
        #expect(ends[1]?.status.code == .unimplemented)
        #expect(ends[1]?.status.message.contains("quad.test.v1.Echo/Nope") == true)
        #expect(ends[3]?.status.code == .unimplemented)
        #expect(ends[5]?.status.code == .unimplemented)
        #expect(try answer(ends[7]) == "inline:x")
    }

    @Test("inline calls keep a connection from idling out; it closes once idle for the whole timeout")
    func idleTimeout() throws {
        let server = try InlineServer(idleTimeout: .seconds(5))
        let loop = server.channel.embeddedEventLoop
        loop.advanceTime(by: .seconds(4))
        try server.send([try call(1, "a")])
        #expect(try answer(server.ends()[1]) == "inline:a")
        // Five seconds after the connection opened, but only two after the call.
        loop.advanceTime(by: .seconds(2))
        #expect(server.channel.isActive)
        loop.advanceTime(by: .seconds(2))
        #expect(server.channel.isActive)
        loop.advanceTime(by: .seconds(2))
        let reasons = try server.written().compactMap { frame -> String? in
            if case .goAway(let goAway) = frame.body { return goAway.reason }
            return nil
        }
        #expect(reasons == ["idle timeout"])
        #expect(!server.channel.isActive)
    }

    @Test("200 inline calls multiplex on one connection over TLS and each gets its own answer")
    func multiplexed() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates, poolSize: 1)
            defer { client.close() }
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let response = try await client.unary(
                            Echo.inline,
                            request: text("\(index)"),
                            as: Text.self,
                            options: .defaults
                        )
                        return response.service == "inline:\(index)"
                    }
                }
                var correct = 0
                for try await ok in group where ok { correct += 1 }
                #expect(correct == 200)
            }
        }
    }

    @Test("an interceptor still decides for inline methods (they then run as tasks)")
    func interceptor() async throws {
        struct RequireTicket: ServerInterceptor {
            func intercept(_ context: ServerContext) async throws -> ServerContext {
                guard context.metadata["x-ticket"] != nil else {
                    throw RPCError(code: .permissionDenied, message: "no ticket")
                }
                return context
            }
        }
        try await withEchoServer(interceptor: RequireTicket()) { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let refusal = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.inline, request: text("a"), as: Text.self, options: .defaults)
            }
            #expect(refusal?.code == .permissionDenied)
            let response = try await client.unary(
                Echo.inline,
                request: text("b"),
                as: Text.self,
                options: CallOptions(metadata: ["x-ticket": "1"])
            )
            #expect(response.service == "inline:b")
        }
    }
}
