import Foundation
import Logging
import NIOCore
import QuadContracts
import QuadWire
import QuadWireNIO

/// (a) quad: QuadServer + QuadClient (pool of one connection) over mutual TLS 1.3.
///
/// `Echo` returns the request's bytes as they are (no protobuf), from a handler that never
/// suspends (`.unarySync`: served inline on the event loop, no task); `EchoMessage` decodes a
/// generated message (`quad.wire.v1.Message`, bytes `payload`) and encodes it back, from an
/// ordinary async handler (a task per call).
enum QuadBench {
    /// `QUAD_BENCH_GLOBAL_EXECUTOR=1` runs handlers and callers on Swift's global executor
    /// (the transport's behaviour before EventLoopTaskExecutor), for comparison.
    static let globalExecutor = ProcessInfo.processInfo.environment["QUAD_BENCH_GLOBAL_EXECUTOR"] == "1"
    /// `QUAD_BENCH_ASYNC_ECHO=1` serves `Echo` from an async handler (a task per call) instead.
    static let asyncEcho = ProcessInfo.processInfo.environment["QUAD_BENCH_ASYNC_ECHO"] == "1"
    /// `QUAD_BENCH_FLUSH_EVERY=N` sets ``ServerConfiguration/flushEvery`` (default: the server's).
    static let flushEvery = ProcessInfo.processInfo.environment["QUAD_BENCH_FLUSH_EVERY"].flatMap { Int($0) }

    static let service = "quad.bench.v1.Bench"
    static let echo = MethodDescriptor(service: service, method: "Echo", kind: .unary)
    static let echoMessage = MethodDescriptor(service: service, method: "EchoMessage", kind: .unary)

    struct BenchService: QuadService {
        var registeredMethods: [RegisteredMethod] {
            [
                RegisteredMethod(
                    descriptor: QuadBench.echo,
                    handler: QuadBench.asyncEcho ? .unary { buffer, _ in buffer } : .unarySync { buffer, _ in buffer }
                ),
                .unary(QuadBench.echoMessage) { (request: Quad_Wire_V1_Message, _) in request },
            ]
        }
    }

    static func serve(_ options: ServerOptions) async throws {
        let tls = try TLSSettings.mutualTLSServer(
            certificateChainPEM: options.certificates.serverCertificate,
            privateKeyPEM: options.certificates.serverKey,
            trustRootsPEM: options.certificates.ca
        )
        var logger = Logger(label: "quad-bench.server")
        logger.logLevel = .warning
        var configuration = ServerConfiguration(
            port: options.port,
            tls: tls,
            idleTimeout: nil,
            handlerExecution: globalExecutor ? .globalConcurrentExecutor : .connectionEventLoop
        )
        if let flushEvery { configuration.flushEvery = flushEvery }
        let server = QuadServer(
            configuration: configuration,
            services: [BenchService()],
            eventLoopGroup: benchEventLoopGroup,
            logger: logger
        )
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await server.run() }
            announceReady(options, port: try await server.listeningPort())
        }
    }

    static func makeClient(_ options: ClientOptions) throws -> QuadClient {
        let tls = try TLSSettings.client(
            trustRootsPEM: options.certificates.ca,
            certificateChainPEM: options.certificates.clientCertificate,
            privateKeyPEM: options.certificates.clientKey,
            serverName: BenchCertificates.serverName
        )
        var logger = Logger(label: "quad-bench.client")
        logger.logLevel = .warning
        return QuadClient(
            host: "127.0.0.1",
            port: options.port,
            tls: tls,
            configuration: ClientConfiguration(poolSize: 1, keepaliveInterval: nil),
            eventLoopGroup: benchEventLoopGroup,
            logger: logger
        )
    }

    static func runClient(_ options: ClientOptions, protobuf: Bool) async throws -> RunResult {
        let client = try makeClient(options)
        defer { client.close() }
        let size = options.payload
        let call: @Sendable () async throws -> Void
        if protobuf {
            let request = Quad_Wire_V1_Message.with { $0.payload = Data(options.payloadBytes) }
            call = {
                let response: Quad_Wire_V1_Message = try await client.unary(
                    echoMessage,
                    request: request,
                    options: .defaults
                )
                guard response.payload.count == size else {
                    throw UsageError("echo returned \(response.payload.count) bytes")
                }
            }
        } else {
            let request = ByteBuffer(bytes: options.payloadBytes)
            call = {
                let response = try await client.unary(echo, request: request, options: .defaults)
                guard response.readableBytes == size else {
                    throw UsageError("echo returned \(response.readableBytes) bytes")
                }
            }
        }
        try await call()  // connect before the clock starts
        let window = options.window
        let (samples, cpu) = await runAsyncCallers(
            inFlight: options.inFlight,
            window: window,
            serverPID: options.serverPID,
            countAllocations: options.allocFile != nil,
            executor: globalExecutor ? nil : EventLoopTaskExecutor(benchEventLoopGroup.next()),
            call: call
        )
        return makeResult(impl: options.impl, options: options, window: window, samples: samples, cpu: cpu)
    }
}
