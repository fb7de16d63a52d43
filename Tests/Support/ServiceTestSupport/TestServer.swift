import Foundation
import Logging
import NIOPosix
public import QuadCertificates
import QuadServiceKit
import QuadTestSupport
public import QuadWire
import QuadWireInProcess
public import QuadWireNIO

/// Services served to a test, in-process (``Transport/inProcess``, the default) or on
/// 127.0.0.1:0 with mutual TLS (``Transport/loopbackTLS``), and clients that call them as a
/// chosen peer (``transport(as:)``). Either way a call goes through the same interceptor,
/// runner and handlers, and the server sees the peer's certificate: in-process, the client
/// presents the DER that mutual TLS would record for it.
public struct TestServer: Sendable {
    /// How test clients reach the server.
    public enum Transport: Sendable {
        /// ``QuadWireInProcess/InProcessTransport``: no socket, no TLS, no handshake per client.
        case inProcess
        /// A ``QuadWireNIO/QuadServer`` with mutual TLS on loopback and ``QuadWireNIO/QuadClient``s:
        /// the wire end to end, for tests that need a socket (the gateway in front of a service).
        case loopbackTLS

        /// `QUAD_TEST_TRANSPORT` (string, default unset): `tls` runs every handler-level suite
        /// over ``loopbackTLS`` (to check that both transports agree, or to time them);
        /// anything else, or unset, ``inProcess``.
        public static var `default`: Transport {
            ProcessInfo.processInfo.environment["QUAD_TEST_TRANSPORT"] == "tls" ? .loopbackTLS : .inProcess
        }
    }

    /// The context the server presents as (its certificate's name).
    public let context: String
    /// The dev certificates the peers present.
    public let certificates: DevCertificateSet
    public let mode: Transport
    /// The port on 127.0.0.1 over ``Transport/loopbackTLS``; nil in-process.
    public let port: Int?
    private let inProcess: InProcessTransport?

    /// Serves `services` as `context` through `interceptor` until `body` returns.
    public static func serve<T: Sendable>(
        context: String,
        certificates: DevCertificateSet,
        transport: Transport,
        services: [any QuadService],
        interceptor: any ServerInterceptor,
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let logger = Logger(label: "test.\(context)")
        switch transport {
        case .inProcess:
            let server = InProcessTransport(services: services, interceptor: interceptor, logger: logger)
            return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
                // Started on an event loop, not on the cooperative pool: with every suite running at once, the
                // pool's threads can be busy for seconds (certificates minted, processes waited for), and calls
                // whose deadlines run meanwhile must not wait for the server's loop to be scheduled.
                let loop = EventLoopTaskExecutor(MultiThreadedEventLoopGroup.singleton.next())
                group.addTask(executorPreference: loop) { await server.run() }
                defer { group.cancelAll() }
                let served = TestServer(
                    context: context,
                    certificates: certificates,
                    mode: transport,
                    port: nil,
                    inProcess: server
                )
                return try await body(served)
            }
        case .loopbackTLS:
            let server = QuadServer(
                configuration: ServerConfiguration(
                    tls: try .mutualTLSServer(
                        certificateChainPEM: certificates.certificatePath(service: context),
                        privateKeyPEM: certificates.keyPath(service: context),
                        trustRootsPEM: certificates.caPath
                    ),
                    handshakeTimeout: LoadedMachine.patience
                ),
                services: services,
                interceptor: interceptor,
                logger: logger
            )
            return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
                group.addTask { try await server.run() }
                defer { group.cancelAll() }
                let port = try await server.listeningPort()
                let served = TestServer(
                    context: context,
                    certificates: certificates,
                    mode: transport,
                    port: port,
                    inProcess: nil
                )
                return try await body(served)
            }
        }
    }

    /// The certificate `peer` presents, if any.
    private func certificate(of peer: TestPeer) -> (chain: String, key: String)? {
        switch peer {
        case .user, .gateway:
            (certificates.certificatePath(service: "gateway"), certificates.keyPath(service: "gateway"))
        case .service(let name):
            (certificates.certificatePath(service: name), certificates.keyPath(service: name))
        case .operator:
            (certificates.clientCertificatePath, certificates.clientKeyPath)
        case .anonymous:
            nil
        }
    }

    /// A transport to the server as `peer`; close it when done (or use ``withTransport(as:_:)``).
    public func transport(as peer: TestPeer) throws -> TestTransport {
        let caller: Caller? = if case .user(let caller) = peer { caller } else { nil }
        let certificate = certificate(of: peer)
        if let inProcess {
            let info = try certificate.map { try PeerInfo(address: "in-process", certificatePEMFile: $0.chain) }
            return TestTransport(
                base: inProcess.client(peer: info ?? PeerInfo(address: "in-process")),
                caller: caller,
                close: {}
            )
        }
        let tls: TLSSettings
        if let certificate {
            tls = try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificate.chain,
                privateKeyPEM: certificate.key,
                serverName: context
            )
        } else {
            tls = try .client(trustRootsPEM: certificates.caPath, serverName: context)
        }
        let client = QuadClient(host: "127.0.0.1", port: port!, tls: tls)
        return TestTransport(base: client, caller: caller, close: { client.close() })
    }

    /// Runs `body` with a transport as `peer`, closed afterwards.
    public func withTransport<T: Sendable>(as peer: TestPeer, _ body: (TestTransport) async throws -> T) async throws
        -> T
    {
        let transport = try transport(as: peer)
        defer { transport.close() }
        return try await body(transport)
    }
}
