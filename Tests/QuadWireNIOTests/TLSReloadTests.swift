import Foundation
import QuadCertificates
import QuadTestSupport
import QuadWire
import QuadWireNIO
import Testing

@Suite("TLS reload")
struct TLSReloadTests {
    @Test("after a reload new connections get the new certificate and an open one keeps working")
    func newConnectionsSeeNewCertificate() async throws {
        try await withEchoServer { server, port, certificates, _ in
            let tls = try #require(server.configuration.tls)
            let before = try await ServerCertificateProbe.serial(
                host: "127.0.0.1",
                port: port,
                tls: certificates.clientTLS(),
                timeout: LoadedMachine.patience
            )
            #expect(before == tls.certificateSerial)
            let open = try QuadClient.forTest(port: port, certificates: certificates)
            defer { open.close() }
            #expect(
                try await open.unary(Echo.unary, request: text("a"), as: Text.self, options: .defaults).service
                    == "echo:a"
            )

            _ = try DevCertificateSet.ensure(
                directory: certificates.directory,
                services: ["echo", "gateway"],
                reissue: true
            )
            let reloaded = try tls.reload()

            #expect(reloaded != nil)
            #expect(reloaded != before)
            let after = try await ServerCertificateProbe.serial(
                host: "127.0.0.1",
                port: port,
                tls: certificates.clientTLS(),
                timeout: LoadedMachine.patience
            )
            #expect(after == reloaded)
            // The connection made before the reload carries on; a new client (new certificate too) gets in.
            #expect(
                try await open.unary(Echo.unary, request: text("b"), as: Text.self, options: .defaults).service
                    == "echo:b"
            )
            let fresh = try QuadClient.forTest(port: port, certificates: certificates)
            defer { fresh.close() }
            #expect(
                try await fresh.unary(Echo.unary, request: text("c"), as: Text.self, options: .defaults).service
                    == "echo:c"
            )
        }
    }

    @Test("a reload from a bad file keeps the previous certificate and says why")
    func badFileKeepsOldContext() async throws {
        try await withEchoServer { server, port, certificates, _ in
            let tls = try #require(server.configuration.tls)
            let before = tls.certificateSerial
            try "not a certificate".write(
                toFile: certificates.set.certificatePath(service: "echo"),
                atomically: true,
                encoding: .utf8
            )

            let error = #expect(throws: TLSReloadError.self) { try tls.reload() }

            #expect(error?.message.contains("stays in use") == true)
            #expect(tls.certificateSerial == before)
            let presented = try await ServerCertificateProbe.serial(
                host: "127.0.0.1",
                port: port,
                tls: certificates.clientTLS(),
                timeout: LoadedMachine.patience
            )
            #expect(presented == before)
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            #expect(
                try await client.unary(Echo.unary, request: text("x"), as: Text.self, options: .defaults).service
                    == "echo:x"
            )
        }
    }

    @Test("a client's reload presents its new certificate on new connections")
    func clientReload() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let tls = try certificates.clientTLS()
            let before = tls.certificateSerial
            _ = try DevCertificateSet.ensure(
                directory: certificates.directory,
                services: ["echo", "gateway"],
                reissue: true
            )

            let after = try tls.reload()

            #expect(after != nil && after != before)
            let client = QuadClient(host: "127.0.0.1", port: port, tls: tls)
            defer { client.close() }
            #expect(
                try await client.unary(Echo.unary, request: text("y"), as: Text.self, options: .defaults).service
                    == "echo:y"
            )
        }
    }
}
