import Foundation
public import QuadCertificates
import QuadServiceKit
public import QuadStorage
public import QuadWire
public import GRDB

/// A service for its handler-level tests: a migrated database and dev certificates in a
/// temporary directory (removed afterwards), the executables' interceptor, and clients that
/// call as the gateway on a user's behalf (``transport(as:)`` with ``TestPeer/user(_:)``), as
/// another service, or as an operator with the CLI's client certificate. Calls are in-process
/// by default (``TestServer/Transport``); `QUAD_TEST_TRANSPORT=tls` serves them over loopback
/// mutual TLS instead.
public struct InProcessServer: Sendable {
    /// Who a test client is.
    public typealias Peer = TestPeer

    /// The context the server presents as (its certificate's name).
    public var context: String { server.context }
    /// The port on 127.0.0.1 over loopback TLS; nil in-process.
    public var port: Int? { server.port }
    /// Dev certificates for `context`, the gateway and the peers named at start.
    public var certificates: DevCertificateSet { server.certificates }
    /// A directory the test may use; removed afterwards.
    public let directory: String
    /// The server and its clients.
    public let server: TestServer

    /// Opens a database in a temporary directory, migrated with `migrator`, for `body` to build
    /// services on; serves what `makeServices` returns until `body` finishes.
    public static func run<T: Sendable>(
        context: String,
        peers: [String] = [],
        transport: TestServer.Transport = .default,
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
        return try await TestServer.serve(
            context: context,
            certificates: certificates,
            transport: transport,
            services: services,
            interceptor: CallerIdentityInterceptor()
        ) { server in
            try await body(InProcessServer(directory: directory, server: server), database)
        }
    }

    /// A transport to the server as `peer`; close it when done (or use ``withTransport(as:_:)``).
    public func transport(as peer: Peer) throws -> TestTransport {
        try server.transport(as: peer)
    }

    /// Runs `body` with a transport as `peer`, closed afterwards.
    public func withTransport<T: Sendable>(as peer: Peer, _ body: (TestTransport) async throws -> T) async throws -> T {
        try await server.withTransport(as: peer, body)
    }
}
