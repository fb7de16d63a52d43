import Foundation
import Logging
import NIOCore
import QuadCertificates
import QuadTestSupport
import QuadWire
import QuadWireNIO

/// Certificates minted for one test in a temporary directory.
struct TestCertificates {
    let directory: String
    let set: DevCertificateSet

    static func make() throws -> TestCertificates {
        let directory = NSTemporaryDirectory() + "quad-wire-tests-" + UUID().uuidString
        let set = try DevCertificateSet.ensure(directory: directory, services: ["echo", "gateway"])
        return TestCertificates(directory: directory, set: set)
    }

    func serverTLS() throws -> TLSSettings {
        try .mutualTLSServer(
            certificateChainPEM: set.certificatePath(service: "echo"),
            privateKeyPEM: set.keyPath(service: "echo"),
            trustRootsPEM: set.caPath
        )
    }

    func clientTLS() throws -> TLSSettings {
        try .client(
            trustRootsPEM: set.caPath,
            certificateChainPEM: set.clientCertificatePath,
            privateKeyPEM: set.clientKeyPath,
            serverName: "echo"
        )
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

/// Runs an echo server with the built-in services on 127.0.0.1:0 over mutual TLS for the
/// duration of `body`, then shuts it down and removes its certificates.
func withEchoServer<T: Sendable>(
    configure: (inout ServerConfiguration) -> Void = { _ in },
    interceptor: (any ServerInterceptor)? = nil,
    _ body: @Sendable (QuadServer, Int, TestCertificates, HandlerEvents) async throws -> T
) async throws -> T {
    let certificates = try TestCertificates.make()
    defer { certificates.remove() }
    let events = HandlerEvents()
    var configuration = ServerConfiguration(tls: try certificates.serverTLS())
    configuration.handshakeTimeout = LoadedMachine.patience
    configure(&configuration)
    let health = HealthService(services: [Echo.service])
    health.setAll(.serving)
    let services: [any QuadService] = [EchoService(events: events), health]
    let server = QuadServer(
        configuration: configuration,
        services: services + [ReflectionService(hosting: services)],
        interceptor: interceptor,
        logger: Logger(label: "test.server")
    )
    return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
        group.addTask { try await server.run() }
        let port = try await server.listeningPort()
        do {
            let result = try await body(server, port, certificates, events)
            group.cancelAll()
            return result
        } catch {
            group.cancelAll()
            throw error
        }
    }
}

extension QuadClient {
    static func forTest(port: Int, certificates: TestCertificates, poolSize: Int = 1) throws -> QuadClient {
        QuadClient(
            host: "127.0.0.1",
            port: port,
            tls: try certificates.clientTLS(),
            configuration: ClientConfiguration(poolSize: poolSize, connectTimeout: LoadedMachine.patience)
        )
    }
}
