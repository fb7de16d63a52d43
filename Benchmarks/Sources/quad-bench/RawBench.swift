import NIOCore
import NIOPosix
import NIOSSL

/// (b) raw: NIO + swift-nio-ssl, a 4-byte big-endian length prefix and the payload. The
/// server writes each frame back as the slice it read (no copy) and flushes once per read
/// burst; the client keeps `inFlight` frames outstanding on one connection, all on its
/// event loop. This is the limit of the stack the quad wire is measured against.
enum RawBench {
    /// Splits `[u32 length][payload]` frames; yields each whole frame (prefix included).
    struct FrameDecoder: ByteToMessageDecoder {
        typealias InboundOut = ByteBuffer

        mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
            guard let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self),
                let frame = buffer.readSlice(length: 4 + Int(length))
            else { return .needMoreData }
            context.fireChannelRead(Self.wrapInboundOut(frame))
            return .continue
        }

        mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
            -> DecodingState
        {
            .needMoreData
        }
    }

    final class EchoHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.write(data, promise: nil)
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            context.flush()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }

    static func serve(_ options: ServerOptions) async throws {
        let sslContext = try NIOSSLContext(configuration: BenchTLS.serverConfiguration(options.certificates))
        let channel = try await ServerBootstrap(group: benchEventLoopGroup)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext))
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FrameDecoder()))
                    try channel.pipeline.syncOperations.addHandler(EchoHandler())
                }
            }
            .bind(host: "127.0.0.1", port: options.port)
            .get()
        announceReady(options, port: channel.localAddress?.port ?? options.port)
        try await channel.closeFuture.get()
    }

    /// Keeps `inFlight` frames outstanding; responses arrive in order, so a ring of send
    /// times gives each one's latency.
    final class LoadHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let frame: ByteBuffer
        let inFlight: Int
        let window: Window
        let done: EventLoopPromise<LatencySamples>
        var sent = CircularBuffer<UInt64>(initialCapacity: 64)
        var samples = LatencySamples()
        var stopping = false

        init(frame: ByteBuffer, inFlight: Int, window: Window, done: EventLoopPromise<LatencySamples>) {
            self.frame = frame
            self.inFlight = inFlight
            self.window = window
            self.done = done
        }

        func channelActive(context: ChannelHandlerContext) {
            for _ in 0..<inFlight { send(context: context) }
            context.flush()
        }

        private func send(context: ChannelHandlerContext) {
            sent.append(monotonicNanos())
            context.write(Self.wrapOutboundOut(frame), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let response = Self.unwrapInboundIn(data)
            let end = monotonicNanos()
            let begin = sent.removeFirst()
            if begin >= window.start && end <= window.end {
                if response.readableBytes == frame.readableBytes {
                    samples.nanos.append(end - begin)
                } else {
                    samples.errors += 1
                }
            }
            if end >= window.end { stopping = true }
            if !stopping { send(context: context) }
            if stopping && sent.isEmpty { done.succeed(samples) }
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            context.flush()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            done.fail(error)
            context.close(promise: nil)
        }
    }

    static func runClient(_ options: ClientOptions) async throws -> RunResult {
        let sslContext = try NIOSSLContext(configuration: BenchTLS.clientConfiguration(options.certificates))
        let frame = {
            var frame = ByteBuffer()
            frame.writeInteger(UInt32(options.payload))
            frame.writeBytes(options.payloadBytes)
            return frame
        }()
        let window = options.window
        let loop = benchEventLoopGroup.next()
        let done = loop.makePromise(of: LatencySamples.self)
        let inFlight = options.inFlight
        let channel = try await ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: sslContext,
                        serverHostname: BenchCertificates.serverName
                    )
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FrameDecoder()))
                    try channel.pipeline.syncOperations.addHandler(
                        LoadHandler(frame: frame, inFlight: inFlight, window: window, done: done)
                    )
                }
            }
            .connect(host: "127.0.0.1", port: options.port)
            .get()
        var cpu = CPUProbe(serverPID: options.serverPID, countAllocations: options.allocFile != nil)
        await CPUProbe.sleep(until: window.start)
        cpu.markStart()
        await CPUProbe.sleep(until: window.end)
        cpu.markEnd()
        let samples = try await done.futureResult.get()
        try? await channel.close()
        return makeResult(impl: options.impl, options: options, window: window, samples: samples, cpu: cpu)
    }
}
