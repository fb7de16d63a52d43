import Foundation
import QuadCertificates
import QuadWire
import QuadWireNIO
import Testing

@Suite("Mutual TLS refusals")
struct TLSRefusalTests {
    @Test("a client whose certificate comes from another CA is refused in the handshake")
    func wrongCA() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let other = try TestCertificates.make()
            defer { other.remove() }
            // Trusts the real server, but presents a certificate from a CA the server does not know.
            let client = QuadClient(
                host: "127.0.0.1",
                port: port,
                tls: try .client(
                    trustRootsPEM: certificates.set.caPath,
                    certificateChainPEM: other.set.clientCertificatePath,
                    privateKeyPEM: other.set.clientKeyPath,
                    serverName: "echo"
                )
            )
            defer { client.close() }
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.unary, request: text("x"), as: Text.self, options: .defaults)
            }
            #expect(error?.code == .unavailable)
        }
    }

    @Test("a client without a certificate is refused")
    func noCertificate() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let client = QuadClient(
                host: "127.0.0.1",
                port: port,
                tls: try .client(trustRootsPEM: certificates.set.caPath, serverName: "echo")
            )
            defer { client.close() }
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.unary, request: text("x"), as: Text.self, options: .defaults)
            }
            #expect(error?.code == .unavailable)
        }
    }

    @Test("a client refuses a server whose certificate it cannot verify")
    func untrustedServer() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let other = try TestCertificates.make()
            defer { other.remove() }
            let client = QuadClient(
                host: "127.0.0.1",
                port: port,
                tls: try .client(
                    trustRootsPEM: other.set.caPath,
                    certificateChainPEM: certificates.set.clientCertificatePath,
                    privateKeyPEM: certificates.set.clientKeyPath,
                    serverName: "echo"
                )
            )
            defer { client.close() }
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.unary, request: text("x"), as: Text.self, options: .defaults)
            }
            #expect(error?.code == .unavailable)
        }
    }
}
