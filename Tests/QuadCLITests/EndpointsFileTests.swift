import Foundation
import QuadToolKit
import Testing

@testable import quad

@Suite("endpoints.json")
struct EndpointsFileTests {
    static let identity = ServiceEndpoint(rpc: "127.0.0.1:7001", admin: "127.0.0.1:7002", serverName: "identity")
    static let gateway = ServiceEndpoint(rpc: "127.0.0.1:7101", admin: "127.0.0.1:7102", serverName: "gateway")

    static func file(gateway: ServiceEndpoint? = nil) -> EndpointsFile {
        EndpointsFile(
            ca: "/q/certs/ca.pem",
            clientCertificate: "/q/certs/client.pem",
            clientKey: "/q/certs/client-key.pem",
            services: ["identity": identity],
            gateway: gateway
        )
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("round-trips through its JSON", arguments: [nil, gateway])
    func roundTrip(gateway: ServiceEndpoint?) throws {
        // Given a file, with and without a gateway
        let file = Self.file(gateway: gateway)
        // When it is encoded and decoded again
        let decoded = try EndpointsFile.decode(try file.encoded())
        // Then nothing is lost
        #expect(decoded == file)
    }

    @Test("writes exactly the documented keys")
    func keyNames() throws {
        // Given a file with a gateway
        let json = try Self.object(try Self.file(gateway: Self.gateway).encoded())
        // Then the top level, each service and the gateway use the documented snake_case keys
        #expect(Set(json.keys) == ["ca", "client_cert", "client_key", "services", "gateway"])
        #expect(json["client_cert"] as? String == "/q/certs/client.pem")
        let services = try #require(json["services"] as? [String: Any])
        #expect(Set(services.keys) == ["identity"])
        let identity = try #require(services["identity"] as? [String: String])
        #expect(identity == ["rpc": "127.0.0.1:7001", "admin": "127.0.0.1:7002", "server_name": "identity"])
        let gateway = try #require(json["gateway"] as? [String: String])
        #expect(gateway == ["rpc": "127.0.0.1:7101", "admin": "127.0.0.1:7102", "server_name": "gateway"])
    }

    @Test("leaves the gateway out until one runs")
    func noGateway() throws {
        let json = try Self.object(try Self.file().encoded())
        #expect(Set(json.keys) == ["ca", "client_cert", "client_key", "services"])
    }

    @Test("reads the documented shape written by hand")
    func decodesDocumentedShape() throws {
        // Given the shape the design documents
        let text = """
            {"ca": "/a/ca.pem", "client_cert": "/a/client.pem", "client_key": "/a/client-key.pem",
             "services": {"identity": {"rpc": "127.0.0.1:1", "admin": "127.0.0.1:2", "server_name": "identity"}}}
            """
        // When it is decoded
        let file = try EndpointsFile.decode(Data(text.utf8))
        // Then every field is read
        #expect(file.ca == "/a/ca.pem")
        #expect(file.clientKey == "/a/client-key.pem")
        #expect(file.endpoint(named: "identity")?.admin == "127.0.0.1:2")
        #expect(file.gateway == nil)
        // And a file from before quad up recorded pids has none
        #expect(file.endpoint(named: "identity")?.pid == nil)
    }

    @Test("writes and reads each service's pid, and leaves the key out when there is none")
    func pid() throws {
        // Given a service with a pid and a gateway without one
        var file = Self.file(gateway: Self.gateway)
        file.services["identity"]?.pid = 4242
        // When it is encoded
        let data = try file.encoded()
        // Then the pid is a number under "pid", absent for the gateway, and decodes back
        let json = try Self.object(data)
        let identity = try #require((json["services"] as? [String: Any])?["identity"] as? [String: Any])
        #expect(identity["pid"] as? Int == 4242)
        #expect((json["gateway"] as? [String: Any])?["pid"] == nil)
        #expect(try EndpointsFile.decode(data) == file)
    }

    @Test("puts the gateway apart when built from ready files")
    func fromReadyFiles() {
        // Given two services' ready files
        let ready = [
            ReadyFile(service: "identity", rpc: "127.0.0.1:1", admin: "127.0.0.1:2", pid: 10),
            ReadyFile(service: "gateway", rpc: "127.0.0.1:3", admin: "127.0.0.1:4", pid: 11),
        ]
        // When the endpoints are made from them
        let file = EndpointsFile(ca: "/ca", clientCertificate: "/c", clientKey: "/k", ready: ready)
        // Then the gateway is top level and named after itself; the rest are services; each keeps its pid
        #expect(
            file.services == [
                "identity": ServiceEndpoint(
                    rpc: "127.0.0.1:1",
                    admin: "127.0.0.1:2",
                    serverName: "identity",
                    pid: 10,
                    status: .running
                )
            ]
        )
        #expect(
            file.gateway
                == ServiceEndpoint(
                    rpc: "127.0.0.1:3",
                    admin: "127.0.0.1:4",
                    serverName: "gateway",
                    pid: 11,
                    status: .running
                )
        )
        #expect(file.serviceNames == ["identity", "gateway"])
    }

    @Test("marks an exited service with how it ended and a restarting one, the others running")
    func statuses() throws {
        // Given three services' ready files, one exited and one being restarted
        let ready = [
            ReadyFile(service: "identity", rpc: "127.0.0.1:1", admin: "127.0.0.1:2", pid: 10),
            ReadyFile(service: "payments", rpc: "127.0.0.1:5", admin: "127.0.0.1:6", pid: 12),
            ReadyFile(service: "gateway", rpc: "127.0.0.1:3", admin: "127.0.0.1:4", pid: 11),
        ]
        // When the endpoints are made from them
        let file = EndpointsFile(
            ca: "/ca",
            clientCertificate: "/c",
            clientKey: "/k",
            ready: ready,
            restarting: ["identity"],
            exited: ["payments": "signal 9"]
        )
        // Then each says so, and the JSON a script reads carries it
        #expect(file.services["payments"]?.status == .exited && file.services["payments"]?.exit == "signal 9")
        #expect(file.services["identity"]?.status == .restarting && file.services["identity"]?.exit == nil)
        #expect(file.gateway?.status == .running)
        let json = String(decoding: try file.encoded(), as: UTF8.self)
        #expect(json.contains(#""exit" : "signal 9""#) && json.contains(#""status" : "exited""#), "\(json)")
        #expect(try EndpointsFile.decode(file.encoded()) == file)
    }

    @Test("writes a file that load reads back, and names the missing file")
    func writeAndLoad() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quad-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("endpoints.json").path

        let missing = #expect(throws: CLIError.self) { try EndpointsFile.load(path: path) }
        #expect(missing?.message.contains("quad up") == true)

        try Self.file().write(path: path)
        #expect(try EndpointsFile.load(path: path) == Self.file())
    }
}
