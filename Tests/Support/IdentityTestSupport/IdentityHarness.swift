public import Foundation
import GRDB
import IdentityDomain
public import IdentityService
public import QuadCertificates
public import QuadContracts
import QuadServiceKit
public import QuadStorage
public import QuadWire
public import ServiceTestSupport
public import QuadTestSupport

/// identity for its tests: a temporary database, the same interceptor the executable uses,
/// and a cheap scrypt cost so tests are quick; called in-process by default, or over loopback
/// mutual TLS (``TestServer/Transport/loopbackTLS``) where a socket is needed: the gateway's
/// tests put the gateway in front of it. Shared by identity's and the gateway's tests.
public struct IdentityHarness: Sendable {
    /// A client with the CLI's client certificate.
    public let client: Quad_Identity_V1_Identity.Client
    public let transport: TestTransport
    /// The service itself, for what tests observe directly (``IdentityService/passwordVerifications``).
    public let service: IdentityService
    public let clock: TestClock
    public let database: QuadDatabase
    /// The dev certificates: identity's, the gateway's, the CLI's client certificate.
    public let certificates: DevCertificateSet
    /// identity served, and clients as any peer.
    public let server: TestServer
    /// identity's port on 127.0.0.1 over loopback TLS; nil in-process.
    public var port: Int? { server.port }

    public static func run<T: Sendable>(
        transport mode: TestServer.Transport = .default,
        _ body: @Sendable (IdentityHarness) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "quad-identity-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(
            directory: directory + "/certs",
            services: ["identity", "gateway"]
        )
        let database = try QuadDatabase(
            configuration: .defaults(path: directory + "/identity.sqlite"),
            migrator: IdentityMigrations.migrator
        )
        let clock = TestClock()
        var configuration = IdentityConfiguration()
        configuration.passwordParameters.logN = 10
        let identity = try await IdentityService(
            database: database,
            configuration: configuration,
            keyEncryptionKey: try KeyEncryptionKey.load(configured: "", directory: certificates.directory),
            clock: clock.clock
        )
        return try await TestServer.serve(
            context: "identity",
            certificates: certificates,
            transport: mode,
            services: [identity],
            interceptor: CallerIdentityInterceptor(verifyBearer: { try identity.verifyBearer($0) })
        ) { server in
            let transport = try server.transport(as: .operator)
            let harness = IdentityHarness(
                client: Quad_Identity_V1_Identity.Client(transport: transport),
                transport: transport,
                service: identity,
                clock: clock,
                database: database,
                certificates: certificates,
                server: server
            )
            defer { transport.close() }
            let result = try await body(harness)
            try await identity.shutdown()
            return result
        }
    }

    /// A client of identity with the gateway's certificate, as the gateway calls it; close it.
    public func gatewayTransport() throws -> TestTransport {
        try server.transport(as: .gateway)
    }

    /// A client of identity as `peer`; close it. A service's certificate must exist
    /// (`DevCertificateSet.ensure` in ``certificates``' directory mints it).
    public func transport(as peer: TestPeer) throws -> TestTransport {
        try server.transport(as: peer)
    }

    /// A valid registration on the demo campus; `email` varies it.
    public static func registration(_ email: String = "ada@northfield.edu", password: String = "correct horse battery")
        -> Quad_Identity_V1_RegisterRequest
    {
        .with {
            $0.email = email
            $0.password = password
            $0.firstName = "Ada"
            $0.lastName = "Kowalski"
            $0.gender = .female
            $0.campusID = CampusDirectory.demo.campuses[0].id
            $0.dormID = CampusDirectory.demo.campuses[0].dorms[0].id
            $0.room = "214B"
            $0.dateOfBirth = .with {
                $0.year = 2004; $0.month = 5; $0.day = 17
            }
        }
    }

    /// Registers and returns the session and profile.
    public func register(_ email: String = "ada@northfield.edu", password: String = "correct horse battery")
        async throws -> Quad_Identity_V1_RegisterResponse
    {
        try await client.register(Self.registration(email, password: password))
    }

    /// Logs in again (access tokens live 15 minutes; tests that move the clock need fresh ones).
    public func login(_ email: String = "ada@northfield.edu", password: String = "correct horse battery") async throws
        -> CallOptions
    {
        Self.bearer(
            try await client.login(
                .with {
                    $0.email = email; $0.password = password
                }
            ).session
        )
    }

    public static func bearer(_ session: Quad_Identity_V1_Session) -> CallOptions {
        CallOptions(metadata: ["authorization": "Bearer \(session.accessToken)"])
    }
}
