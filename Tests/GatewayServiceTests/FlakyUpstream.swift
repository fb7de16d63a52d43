import Foundation
import GatewayDomain
import GatewayService
import Logging
import NIOCore
import QuadCertificates
import QuadTestSupport
import QuadWire
import QuadWireNIO
import Synchronization

/// An upstream whose answers the test controls: it fails UNAVAILABLE while `failuresLeft` is
/// above zero, counts the calls that reach it, and holds `Hang` calls until released.
final class FlakyService: QuadService, Sendable {
    static let serviceName = "quad.test.v1.Flaky"
    static let idempotent = MethodDescriptor(
        service: serviceName,
        method: "Idempotent",
        kind: .unary,
        idempotent: true,
        allowsAnonymous: true
    )
    static let notIdempotent = MethodDescriptor(
        service: serviceName,
        method: "NotIdempotent",
        kind: .unary,
        allowsAnonymous: true
    )
    static let hang = MethodDescriptor(service: serviceName, method: "Hang", kind: .unary, allowsAnonymous: true)
    static let login = MethodDescriptor(
        service: serviceName,
        method: "Login",
        kind: .unary,
        allowsAnonymous: true,
        rateLimitClass: "login"
    )
    /// Needs a signed-in caller (the harness has no identity, so no token can verify).
    static let signedIn = MethodDescriptor(service: serviceName, method: "SignedIn", kind: .unary)
    static let count = MethodDescriptor(
        service: serviceName,
        method: "Count",
        kind: .serverStreaming,
        allowsAnonymous: true
    )
    static let join = MethodDescriptor(
        service: serviceName,
        method: "Join",
        kind: .clientStreaming,
        allowsAnonymous: true
    )
    static let chat = MethodDescriptor(
        service: serviceName,
        method: "Chat",
        kind: .bidirectionalStreaming,
        allowsAnonymous: true
    )
    static let catalog = [
        ServiceDescription(
            name: serviceName,
            context: "flaky",
            methods: [idempotent, notIdempotent, hang, login, signedIn, count, join, chat]
        )
    ]

    private struct State {
        var failuresLeft = 0
        var hits = 0
        var hanging: [CheckedContinuation<Void, Never>] = []
        var released = false
        var streamed = 0
    }

    private let state = Mutex(State())

    var hits: Int { state.withLock { $0.hits } }
    var hanging: Int { state.withLock { $0.hanging.count } }
    /// Messages `Count` has handed to its connection so far (each send waits for credit).
    var streamed: Int { state.withLock { $0.streamed } }

    func failNext(_ count: Int) {
        state.withLock { $0.failuresLeft = count }
    }

    func releaseHanging() {
        let waiters = state.withLock { state in
            state.released = true
            defer { state.hanging = [] }
            return state.hanging
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Makes `Hang` hold calls again after ``releaseHanging()``.
    func holdAgain() {
        state.withLock { $0.released = false }
    }

    var registeredMethods: [RegisteredMethod] {
        [Self.idempotent, Self.notIdempotent, Self.login].map { method in
            RegisteredMethod(
                descriptor: method,
                handler: .unary { request, _ in
                    let fail = self.state.withLock { state in
                        state.hits += 1
                        guard state.failuresLeft > 0 else { return false }
                        state.failuresLeft -= 1
                        return true
                    }
                    if fail { throw RPCError(code: .unavailable, message: "flaky says no") }
                    return request
                }
            )
        } + [
            // Count: the request is a number N; answers "0" … "N-1", one message each.
            RegisteredMethod(
                descriptor: Self.count,
                handler: .streaming { requests, writer, _ in
                    var iterator = requests.makeAsyncIterator()
                    let total = Int(String(buffer: try await iterator.next() ?? ByteBuffer())) ?? 0
                    for index in 0..<total {
                        try await writer.send(ByteBuffer(string: "\(index)"))
                        self.state.withLock { $0.streamed += 1 }
                    }
                    return nil
                }
            ),
            // Join: answers every request joined with "+".
            RegisteredMethod(
                descriptor: Self.join,
                handler: .streaming { requests, _, _ in
                    var parts: [String] = []
                    for try await request in requests { parts.append(String(buffer: request)) }
                    return ByteBuffer(string: parts.joined(separator: "+"))
                }
            ),
            // Chat: answers each message with it, upper-cased.
            RegisteredMethod(
                descriptor: Self.chat,
                handler: .streaming { requests, writer, _ in
                    for try await request in requests {
                        try await writer.send(ByteBuffer(string: String(buffer: request).uppercased()))
                    }
                    return nil
                }
            ),
            RegisteredMethod(
                descriptor: Self.hang,
                handler: .unary { request, _ in
                    await withCheckedContinuation { continuation in
                        let resumeNow = self.state.withLock { state in
                            state.hits += 1
                            if state.released { return true }
                            state.hanging.append(continuation)
                            return false
                        }
                        if resumeNow { continuation.resume() }
                    }
                    return request
                }
            ),
        ]
    }
}

/// A second upstream (context `steady`) that always answers at once: its calls must not suffer
/// when `flaky` stalls.
final class SteadyService: QuadService, Sendable {
    static let serviceName = "quad.test.v1.Steady"
    static let echo = MethodDescriptor(
        service: serviceName,
        method: "Echo",
        kind: .unary,
        idempotent: true,
        allowsAnonymous: true
    )
    static let catalog = [ServiceDescription(name: serviceName, context: "steady", methods: [echo])]

    var registeredMethods: [RegisteredMethod] {
        [RegisteredMethod(descriptor: Self.echo, handler: .unary { request, _ in request })]
    }
}

/// The gateway in front of a ``FlakyService`` (context `flaky`) and a ``SteadyService``
/// (context `steady`), with `protection` and a manual clock; the client reaches the gateway
/// over TLS without a certificate.
struct ProtectedGateway: Sendable {
    let upstream: FlakyService
    let gateway: Gateway
    let clock: TestClock
    let client: QuadClient
    let port: Int
    let certificates: DevCertificateSet

    static func run<T: Sendable>(
        protection: GatewayProtectionConfiguration = .defaults,
        admission: ConcurrencyLimitConfiguration? = GatewayConfiguration.defaultAdmission,
        admissionQueue: AdmissionQueueConfiguration = .defaults,
        _ body: @Sendable (ProtectedGateway) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "quad-gateway-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(directory: directory, services: ["flaky", "steady", "gateway"])
        let upstream = FlakyService()
        func upstreamServer(_ name: String, _ service: any QuadService) throws -> QuadServer {
            QuadServer(
                configuration: ServerConfiguration(
                    tls: try .mutualTLSServer(
                        certificateChainPEM: certificates.certificatePath(service: name),
                        privateKeyPEM: certificates.keyPath(service: name),
                        trustRootsPEM: certificates.caPath
                    ),
                    handshakeTimeout: LoadedMachine.patience
                ),
                services: [service],
                logger: Logger(label: "test.\(name)")
            )
        }
        let flakyServer = try upstreamServer("flaky", upstream)
        let steadyServer = try upstreamServer("steady", SteadyService())
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await flakyServer.run() }
            group.addTask { try await steadyServer.run() }
            let flakyPort = try await flakyServer.listeningPort()
            let steadyPort = try await steadyServer.listeningPort()
            let clock = TestClock(waitsAdvance: true)
            var configuration = GatewayConfiguration(upstreams: [
                "flaky": .init(host: "127.0.0.1", port: flakyPort),
                "steady": .init(host: "127.0.0.1", port: steadyPort),
            ])
            configuration.protection = protection
            configuration.admission = admission
            configuration.admissionQueue = admissionQueue
            let gateway = try Gateway(
                configuration: configuration,
                catalog: FlakyService.catalog + SteadyService.catalog,
                upstreamTLS: GatewayTestTLS.upstream(certificates),
                logger: Logger(label: "test.gateway"),
                clock: clock.clock
            )
            let server = try GatewayTestTLS.server(for: gateway, certificates: certificates)
            group.addTask { try await server.run() }
            let port = try await server.listeningPort()
            let client = QuadClient(
                host: "127.0.0.1",
                port: port,
                tls: try .client(trustRootsPEM: certificates.caPath, serverName: "gateway"),
                configuration: ProtectedGateway.clientConfiguration(connections: 1)
            )
            defer {
                upstream.releaseHanging()
                client.close()
                gateway.close()
                group.cancelAll()
            }
            return try await body(
                ProtectedGateway(
                    upstream: upstream,
                    gateway: gateway,
                    clock: clock,
                    client: client,
                    port: port,
                    certificates: certificates
                )
            )
        }
    }

    /// A test client's: a connect may wait a minute. Beside the system tests (dozens of service
    /// processes starting on two cores) this process's event loops can get no CPU for longer than
    /// the default 5 s, and a connect timeout is not what these tests are about.
    static func clientConfiguration(connections: Int) -> ClientConfiguration {
        var configuration = ClientConfiguration(poolSize: connections)
        configuration.connectTimeout = LoadedMachine.patience
        return configuration
    }

    /// Another app: `connections` connections from the loopback address `address` (127.x.y.z),
    /// which the gateway tells apart from the default client's 127.0.0.1.
    func client(from address: String, connections: Int = 1) throws -> QuadClient {
        var configuration = Self.clientConfiguration(connections: connections)
        configuration.localAddress = address
        return QuadClient(
            host: "127.0.0.1",
            port: port,
            tls: try .client(trustRootsPEM: certificates.caPath, serverName: "gateway"),
            configuration: configuration
        )
    }

    func call(_ method: MethodDescriptor, _ text: String = "hi") async throws -> String {
        let response = try await client.unary(method, request: ByteBuffer(string: text), options: .defaults)
        return String(buffer: response)
    }
}
