import Foundation
import Logging
import QuadCertificates
import QuadWire
import QuadWireInProcess
import QuadWireNIO
import Testing

@Suite("In-process peers: the certificate mutual TLS would record")
struct PeerCertificateTests {
    @Test("a client with a certificate file presents the DER a mutual-TLS server records for that certificate")
    func sameDERAsTLS() async throws {
        let directory = NSTemporaryDirectory() + "quad-in-process-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(directory: directory, services: ["echo", "gateway"])
        let gatewayPEM = certificates.certificatePath(service: "gateway")

        // Given the gateway calling the echo service over loopback mutual TLS
        let overTLS = RecordingInterceptor()
        let server = QuadServer(
            configuration: ServerConfiguration(
                tls: try .mutualTLSServer(
                    certificateChainPEM: certificates.certificatePath(service: "echo"),
                    privateKeyPEM: certificates.keyPath(service: "echo"),
                    trustRootsPEM: certificates.caPath
                )
            ),
            services: [EchoService(events: HandlerEvents())],
            interceptor: overTLS,
            logger: Logger(label: "test.echo")
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            defer { group.cancelAll() }
            let client = QuadClient(
                host: "127.0.0.1",
                port: try await server.listeningPort(),
                tls: try .client(
                    trustRootsPEM: certificates.caPath,
                    certificateChainPEM: gatewayPEM,
                    privateKeyPEM: certificates.keyPath(service: "gateway"),
                    serverName: "echo"
                )
            )
            defer { client.close() }
            _ = try await client.unary(Echo.unary, request: text("tls"), as: Text.self, options: .defaults)
        }

        // When it calls in-process with the same certificate file
        let peer = try PeerInfo(address: "in-process", certificatePEMFile: gatewayPEM)
        try await withInProcessEcho { transport, _, inProcess in
            _ = try await transport.client(peer: peer).unary(
                Echo.unary,
                request: text("in-process"),
                as: Text.self,
                options: .defaults
            )
            // Then the interceptor sees the same certificate either way
            let recorded = try #require(overTLS.contexts.first?.peer.certificateDER)
            #expect(inProcess.contexts.first?.peer.certificateDER == recorded)
        }
    }

    @Test("a file with no certificate is an error that names it")
    func noCertificate() throws {
        let path = NSTemporaryDirectory() + "quad-no-certificate-" + UUID().uuidString + ".pem"
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: (any Error).self) { try PeerInfo(address: "in-process", certificatePEMFile: path) }
    }
}
