public import Foundation
import GRDB
import IdentityDomain
public import IdentityService
import Logging
public import QuadCertificates
public import QuadContracts
import QuadServiceKit
public import QuadStorage
public import QuadWire
public import QuadWireNIO
import Synchronization

/// A settable wall clock for identity's time rules.
public final class TestWallClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))

    public var now: Date { current.withLock { $0 } }

    public func advance(by duration: Duration) {
        current.withLock { $0 = $0.addingTimeInterval(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) }
    }
}

/// identity in-process on 127.0.0.1:0 with mutual TLS, a temporary database, the same
/// interceptor the executable uses, and a cheap scrypt cost so tests are quick. Shared by
/// identity's and the gateway's tests.
public struct IdentityHarness: Sendable {
    /// A client with the CLI's client certificate.
    public let client: Quad_Identity_V1_Identity.Client
    public let transport: QuadClient
    /// The service itself, for what tests observe directly (``IdentityService/passwordVerifications``).
    public let service: IdentityService
    public let clock: TestWallClock
    public let database: QuadDatabase
    /// The dev certificates: identity's, the gateway's, the CLI's client certificate.
    public let certificates: DevCertificateSet
    /// identity's port on 127.0.0.1.
    public let port: Int

    public static func run<T: Sendable>(_ body: @Sendable (IdentityHarness) async throws -> T) async throws -> T {
        let directory = NSTemporaryDirectory() + "quad-identity-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(directory: directory + "/certs", services: ["identity", "gateway"])
        let database = try QuadDatabase(
            configuration: .defaults(path: directory + "/identity.sqlite"),
            migrator: IdentityMigrations.migrator
        )
        let clock = TestWallClock()
        var configuration = IdentityConfiguration()
        configuration.passwordParameters.logN = 10
        let identity = try await IdentityService(
            database: database,
            configuration: configuration,
            keyEncryptionKey: try KeyEncryptionKey.load(configured: "", directory: certificates.directory),
            now: { clock.now }
        )
        let server = QuadServer(
            configuration: ServerConfiguration(
                tls: try .mutualTLSServer(
                    certificateChainPEM: certificates.certificatePath(service: "identity"),
                    privateKeyPEM: certificates.keyPath(service: "identity"),
                    trustRootsPEM: certificates.caPath
                )
            ),
            services: [identity],
            interceptor: CallerIdentityInterceptor(verifyBearer: { try identity.verifyBearer($0) }),
            logger: Logger(label: "test.identity")
        )
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await server.run() }
            let port = try await server.listeningPort()
            let transport = QuadClient(
                host: "127.0.0.1",
                port: port,
                tls: try .client(
                    trustRootsPEM: certificates.caPath,
                    certificateChainPEM: certificates.clientCertificatePath,
                    privateKeyPEM: certificates.clientKeyPath,
                    serverName: "identity"
                )
            )
            let harness = IdentityHarness(
                client: Quad_Identity_V1_Identity.Client(transport: transport),
                transport: transport,
                service: identity,
                clock: clock,
                database: database,
                certificates: certificates,
                port: port
            )
            defer {
                transport.close()
                group.cancelAll()
            }
            let result = try await body(harness)
            try await identity.shutdown()
            return result
        }
    }

    /// A client of identity with the gateway's certificate, as the gateway calls it; close it.
    public func gatewayTransport() throws -> QuadClient {
        QuadClient(
            host: "127.0.0.1",
            port: port,
            tls: try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: "gateway"),
                privateKeyPEM: certificates.keyPath(service: "gateway"),
                serverName: "identity"
            )
        )
    }

    /// A valid registration on the demo campus; `email` varies it.
    public static func registration(_ email: String = "ada@northfield.edu", password: String = "correct horse battery") -> Quad_Identity_V1_RegisterRequest {
        .with {
            $0.email = email
            $0.password = password
            $0.firstName = "Ada"
            $0.lastName = "Kowalski"
            $0.gender = .female
            $0.campusID = CampusDirectory.demo.campuses[0].id
            $0.dormID = CampusDirectory.demo.campuses[0].dorms[0].id
            $0.room = "214B"
            $0.dateOfBirth = .with { $0.year = 2004; $0.month = 5; $0.day = 17 }
        }
    }

    /// Registers and returns the session and profile.
    public func register(_ email: String = "ada@northfield.edu", password: String = "correct horse battery") async throws -> Quad_Identity_V1_RegisterResponse {
        try await client.register(Self.registration(email, password: password))
    }

    /// Logs in again (access tokens live 15 minutes; tests that move the clock need fresh ones).
    public func login(_ email: String = "ada@northfield.edu", password: String = "correct horse battery") async throws -> CallOptions {
        Self.bearer(try await client.login(.with { $0.email = email; $0.password = password }).session)
    }

    public static func bearer(_ session: Quad_Identity_V1_Session) -> CallOptions {
        CallOptions(metadata: ["authorization": "Bearer \(session.accessToken)"])
    }
}
