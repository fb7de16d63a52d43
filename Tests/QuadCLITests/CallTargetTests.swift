import QuadWire
import Testing
import QuadToolKit

@testable import quad

@Suite("quad call address resolution")
struct CallTargetTests {
    static let endpoints = EndpointsFile(
        ca: "/q/ca.pem",
        clientCertificate: "/q/client.pem",
        clientKey: "/q/client-key.pem",
        services: ["identity": ServiceEndpoint(rpc: "127.0.0.1:7001", admin: "127.0.0.1:7002", serverName: "identity")],
        gateway: ServiceEndpoint(rpc: "127.0.0.1:7101", admin: "127.0.0.1:7102", serverName: "gateway")
    )

    static func resolve(
        _ address: String,
        flags: CallTarget.Flags = .init(),
        endpoints: EndpointsFile? = endpoints
    ) throws -> CallTarget {
        try CallTarget.resolve(
            address: address,
            flags: flags,
            endpointsPath: "e.json",
            endpoints: { endpoints },
            certificatesDirectory: ".quad/certs"
        )
    }

    @Test("looks a service name up in the endpoints file")
    func serviceName() throws {
        let target = try Self.resolve("identity")
        #expect(target.address == HostPort(host: "127.0.0.1", port: 7001))
        #expect(target.serverName == "identity")
        #expect(target.caPath == "/q/ca.pem")
        #expect(target.certificatePath == "/q/client.pem")
        #expect(target.keyPath == "/q/client-key.pem")
    }

    @Test("finds the gateway by name")
    func gateway() throws {
        let target = try Self.resolve("gateway")
        #expect(target.address.port == 7101)
        #expect(target.serverName == "gateway")
    }

    @Test("uses host:port as given, with the dev certificates when there is no endpoints file")
    func hostPortWithoutFile() throws {
        let target = try Self.resolve("localhost:9000", endpoints: nil)
        #expect(target.address == HostPort(host: "localhost", port: 9000))
        #expect(target.serverName == nil)
        #expect(target.caPath == ".quad/certs/ca.pem")
        #expect(target.certificatePath == ".quad/certs/client.pem")
        #expect(target.keyPath == ".quad/certs/client-key.pem")
    }

    @Test("gives host:port the server name of the service listening there")
    func hostPortOfKnownService() throws {
        let target = try Self.resolve("127.0.0.1:7001")
        #expect(target.serverName == "identity")
        #expect(target.caPath == "/q/ca.pem")
    }

    @Test("lets every flag win over the endpoints file")
    func flagsWin() throws {
        let flags = CallTarget.Flags(ca: "/f/ca", certificate: "/f/cert", key: "/f/key", serverName: "other")
        let target = try Self.resolve("identity", flags: flags)
        #expect(
            target
                == CallTarget(
                    address: HostPort(host: "127.0.0.1", port: 7001),
                    serverName: "other",
                    caPath: "/f/ca",
                    certificatePath: "/f/cert",
                    keyPath: "/f/key"
                )
        )
    }

    @Test("names the known services when the name is unknown")
    func unknownService() {
        let error = #expect(throws: CLIError.self) { try Self.resolve("payments") }
        #expect(error?.message.contains("identity, gateway") == true)
        #expect(error?.exitCode == CallExitCode.localFailure)
    }

    @Test("says how to get an endpoints file when a name cannot be looked up")
    func nameWithoutFile() {
        let error = #expect(throws: CLIError.self) { try Self.resolve("identity", endpoints: nil) }
        #expect(error?.message.contains("quad up") == true)
    }

    @Test("refuses an address with a bad port", arguments: ["127.0.0.1:", "127.0.0.1:0", "host:99999", "a:b:c"])
    func badAddress(address: String) {
        #expect(throws: CLIError.self) { try Self.resolve(address) }
    }
}
