import Hummingbird
import HummingbirdTLS
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// (d) Hummingbird 2 HTTP/1.1 over TLS 1.3: `POST /echo` decodes a JSON body
/// `{"payload":"…"}` (the payload as that many ASCII characters) and encodes it back. The
/// client opens one keep-alive connection per in-flight slot (no pipelining), driven on its
/// event loop with NIOHTTP1.
enum HummingbirdBench {
    struct Echo: Codable, ResponseCodable {
        var payload: String
    }

    static func serve(_ options: ServerOptions) async throws {
        let router = Router()
        router.post("echo") { request, context -> Echo in
            try await request.decode(as: Echo.self, context: context)
        }
        var logger = Logger(label: "quad-bench.hummingbird")
        logger.logLevel = .warning
        let app = Application(
            router: router,
            server: try .tls(.http1(), tlsConfiguration: BenchTLS.serverConfiguration(options.certificates)),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: options.port)),
            onServerRunning: { channel in announceReady(options, port: channel.localAddress?.port ?? options.port) },
            eventLoopGroupProvider: .shared(benchEventLoopGroup),
            logger: logger
        )
        try await app.runService()
    }

    /// One connection: sends a request, waits for the whole response, sends the next.
    final class LoadHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart
        typealias OutboundOut = HTTPClientRequestPart

        let head: HTTPRequestHead
        let body: ByteBuffer
        let window: Window
        let done: EventLoopPromise<LatencySamples>
        var samples = LatencySamples()
        var begin: UInt64 = 0
        var bodyBytes = 0
        var status: HTTPResponseStatus = .ok

        init(head: HTTPRequestHead, body: ByteBuffer, window: Window, done: EventLoopPromise<LatencySamples>) {
            self.head = head
            self.body = body
            self.window = window
            self.done = done
        }

        func channelActive(context: ChannelHandlerContext) {
            send(context: context)
        }

        private func send(context: ChannelHandlerContext) {
            begin = monotonicNanos()
            bodyBytes = 0
            context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
            context.write(Self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch Self.unwrapInboundIn(data) {
            case .head(let response):
                status = response.status
            case .body(let buffer):
                bodyBytes += buffer.readableBytes
            case .end:
                let end = monotonicNanos()
                if begin >= window.start && end <= window.end {
                    if status == .ok && bodyBytes == body.readableBytes {
                        samples.nanos.append(end - begin)
                    } else {
                        samples.errors += 1
                    }
                }
                if end >= window.end {
                    done.succeed(samples)
                    context.close(promise: nil)
                } else {
                    send(context: context)
                }
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            done.fail(error)
            context.close(promise: nil)
        }
    }

    static func runClient(_ options: ClientOptions) async throws -> RunResult {
        let sslContext = try NIOSSLContext(configuration: BenchTLS.clientConfiguration(options.certificates))
        let text = String(decoding: options.payloadBytes.map { UInt8(ascii: "a") + $0 % 26 }, as: UTF8.self)
        let body = ByteBuffer(string: "{\"payload\":\"\(text)\"}")
        var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/echo")
        head.headers.add(name: "Host", value: BenchCertificates.serverName)
        head.headers.add(name: "Content-Type", value: "application/json")
        head.headers.add(name: "Content-Length", value: String(body.readableBytes))
        let window = options.window
        let loop = benchEventLoopGroup.next()
        var futures: [EventLoopFuture<LatencySamples>] = []
        var channels: [any Channel] = []
        for _ in 0..<options.inFlight {
            let done = loop.makePromise(of: LatencySamples.self)
            futures.append(done.futureResult)
            let channel = try await ClientBootstrap(group: loop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { [head, body] channel in
                    channel.eventLoop.makeCompletedFuture {
                        let tls = try NIOSSLClientHandler(
                            context: sslContext,
                            serverHostname: BenchCertificates.serverName
                        )
                        try channel.pipeline.syncOperations.addHandler(tls)
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(
                            LoadHandler(head: head, body: body, window: window, done: done)
                        )
                    }
                }
                .connect(host: "127.0.0.1", port: options.port)
                .get()
            channels.append(channel)
        }
        var cpu = CPUProbe(serverPID: options.serverPID, countAllocations: options.allocFile != nil)
        await CPUProbe.sleep(until: window.start)
        cpu.markStart()
        await CPUProbe.sleep(until: window.end)
        cpu.markEnd()
        var parts: [LatencySamples] = []
        for future in futures { parts.append(try await future.get()) }
        for channel in channels { try? await channel.close() }
        return makeResult(
            impl: options.impl,
            options: options,
            window: window,
            samples: LatencySamples.merge(parts),
            cpu: cpu
        )
    }
}
