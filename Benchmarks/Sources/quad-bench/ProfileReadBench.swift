import Foundation
import Logging
import QuadContracts
import QuadWire
import QuadWireNIO

/// Profile reads (GetMyProfile) at N in flight on one connection, either straight to identity
/// (mutual TLS with the CLI's certificate) or through the gateway (server-only TLS, the token
/// verified at the edge and the caller forwarded): the gateway's cost per call.
///
///   quad-bench profile-reads --rpc 127.0.0.1:P --certs-dir DIR --server-name identity|gateway
///                            [--in-flight 64] [--warmup 2] [--duration 6] [--server-pid PID] [--upstream-pid PID]
///
/// Registers one account through the same address, then reads its profile in a closed loop.
/// Prints one JSON line (RunResult; `impl` is `direct` or `gateway`); `--server-pid` is the
/// process whose CPU is reported (identity when direct, the gateway through it), and
/// `--upstream-pid` (identity behind the gateway) adds `upstreamCPUMicrosPerCall`, its CPU per call
/// over the same window.
enum ProfileReadBench {
    static func run(_ arguments: Arguments) async throws {
        let endpoint = try BenchEndpoint(arguments)
        let inFlight = try arguments.int("in-flight", default: 64)
        let warmup = try arguments.double("warmup", default: 2)
        let duration = try arguments.double("duration", default: 6)
        var logger = Logger(label: "quad-bench.profile-reads")
        logger.logLevel = .warning
        let transport = endpoint.client(tls: try endpoint.tls(), logger: logger)
        defer { transport.close() }
        let identity = Quad_Identity_V1_Identity.Client(transport: transport)
        let response = try await identity.register(
            IdentityBench.registration(email: "reader\(UInt32.random(in: 0...UInt32.max))@northfield.edu", room: "101")
        )
        let options = CallOptions(metadata: ["authorization": "Bearer \(response.session.accessToken)"])
        // The window starts after the registration (a password hash).
        let window = Window(warmupSeconds: warmup, durationSeconds: duration)
        let upstreamPID = arguments.optional("upstream-pid").flatMap { Int32($0) }
        async let upstreamStart = IdentityBench.sampleCPU(upstreamPID, at: window.start)
        async let upstreamEnd = IdentityBench.sampleCPU(upstreamPID, at: window.end)
        let (samples, cpu) = await runAsyncCallers(
            inFlight: inFlight,
            window: window,
            serverPID: arguments.optional("server-pid").flatMap { Int32($0) },
            executor: EventLoopTaskExecutor(benchEventLoopGroup.next()),
            call: { _ = try await identity.getMyProfile(.init(), options: options) }
        )
        let described = ClientOptions(
            impl: endpoint.isGateway ? "gateway" : "direct",
            port: endpoint.port,
            certificates: CertificatePaths(directory: endpoint.certificates),
            payload: 0,
            inFlight: inFlight,
            warmup: warmup,
            duration: duration,
            serverPID: nil
        )
        var result = makeResult(impl: described.impl, options: described, window: window, samples: samples, cpu: cpu)
        if let start = await upstreamStart, let end = await upstreamEnd, !samples.nanos.isEmpty {
            result.upstreamCPUMicrosPerCall = (end - start) / Double(samples.nanos.count)
        }
        try printResult(result)
    }
}
