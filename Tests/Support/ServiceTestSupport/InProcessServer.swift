public import Foundation
import Logging
public import QuadCertificates
public import QuadServiceKit
public import QuadStorage
public import QuadWire
public import QuadWireNIO
public import NIOCore
public import GRDB

/// Services in-process on 127.0.0.1:0 with mutual TLS, the executables' interceptor and dev
/// certificates in a temporary directory, removed afterwards. Clients call as the gateway on
/// a user's behalf (``transport(as:)`` with ``Peer/user(_:)``), as another service, or as an
/// operator with the CLI's client certificate.
public struct InProcessServer: Sendable {
    /// Who a test client is.
    public enum Peer: Sendable {
        /// The gateway forwarding a signed-in user's call (`x-quad-caller`).
        case user(Caller)
        /// The gateway itself, with no user (follows event sources).
        case gateway
        /// Another Quad service (outbox deliveries, holds).
        case service(String)
        /// An operator with the CLI's client certificate.
        case `operator`
        /// No certificate at all.
        case anonymous
    }

    /// The context the server presents as (its certificate's name).
    public let context: String
    public let port: Int
    /// Dev certificates for `context`, the gateway and the peers named at start.
    public let certificates: DevCertificateSet
    /// A directory the test may use; removed afterwards.
    public let directory: String

    /// Opens a database in a temporary directory, migrated with `migrator`, for `body` to build
    /// services on; serves what `makeServices` returns until `body` finishes.
    public static func run<T: Sendable>(
        context: String,
        peers: [String] = [],
        migrator: DatabaseMigrator,
        makeServices: @Sendable (QuadDatabase, DevCertificateSet) async throws -> [any QuadService],
        _ body: @Sendable (InProcessServer, QuadDatabase) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "quad-\(context)-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(
            directory: directory + "/certs",
            services: Array(Set([context, "gateway"] + peers)).sorted()
        )
        let database = try QuadDatabase(
            configuration: .defaults(path: directory + "/\(context).sqlite"),
            migrator: migrator
        )
        defer { try? database.close() }
        let services = try await makeServices(database, certificates)
        let server = QuadServer(
            configuration: ServerConfiguration(
                tls: try .mutualTLSServer(
                    certificateChainPEM: certificates.certificatePath(service: context),
                    privateKeyPEM: certificates.keyPath(service: context),
                    trustRootsPEM: certificates.caPath
                )
            ),
            services: services,
            interceptor: CallerIdentityInterceptor(),
            logger: Logger(label: "test.\(context)")
        )
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await server.run() }
            defer { group.cancelAll() }
            let port = try await server.listeningPort()
            let harness = InProcessServer(context: context, port: port, certificates: certificates, directory: directory)
            return try await body(harness, database)
        }
    }

    /// A transport to the server as `peer`; close it when done (or use ``withTransport(as:_:)``).
    public func transport(as peer: Peer) throws -> TestTransport {
        let tls: TLSSettings
        switch peer {
        case .user, .gateway:
            tls = try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: "gateway"),
                privateKeyPEM: certificates.keyPath(service: "gateway"),
                serverName: context
            )
        case .service(let name):
            tls = try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: name),
                privateKeyPEM: certificates.keyPath(service: name),
                serverName: context
            )
        case .operator:
            tls = try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.clientCertificatePath,
                privateKeyPEM: certificates.clientKeyPath,
                serverName: context
            )
        case .anonymous:
            tls = try .client(trustRootsPEM: certificates.caPath, serverName: context)
        }
        let client = QuadClient(host: "127.0.0.1", port: port, tls: tls)
        if case .user(let caller) = peer {
            return TestTransport(base: client, caller: caller)
        }
        return TestTransport(base: client, caller: nil)
    }

    /// Runs `body` with a transport as `peer`, closed afterwards.
    public func withTransport<T: Sendable>(
        as peer: Peer,
        _ body: (TestTransport) async throws -> T
    ) async throws -> T {
        let transport = try transport(as: peer)
        defer { transport.close() }
        return try await body(transport)
    }
}

/// A test client: with a caller, adds `x-quad-caller` to every call, as the gateway does for
/// a signed-in user.
public struct TestTransport: ClientTransport {
    public let base: QuadClient
    public let caller: Caller?

    public func close() { base.close() }

    public func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer {
        try await base.unary(method, request: request, options: withCaller(options))
    }

    public func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        try await base.streamingCall(method, firstRequest: firstRequest, halfClose: halfClose, options: withCaller(options), body)
    }

    private func withCaller(_ options: CallOptions) -> CallOptions {
        guard let caller else { return options }
        var options = options
        options.metadata[CallerIdentityInterceptor.callerHeader] = caller.headerValue
        return options
    }
}
