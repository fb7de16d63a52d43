import Foundation
import QuadBuiltInContracts
import QuadContracts
import QuadFaultProxy
import QuadToolKit
import QuadWire
import QuadWireNIO
import ServiceTestSupport
import Testing

@testable import quad

/// `quad up --fault-proxy` (issue 17 item 2): the gateway reaches each service through a fault proxy, which the
/// control port in endpoints.json commands, while the services stay reachable directly.
@Suite(
    "quad up --fault-proxy",
    .serialized,
    .enabled(if: ["quad", "quad-identity", "quad-gateway"].allSatisfy(BuildProducts.exists))
)
struct QuadUpFaultProxyTests {
    @Test("routes the gateway through a proxy per service; a partition there fails its calls until healed")
    func routesTheGatewayThroughProxies() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quad-up-\(UUID().uuidString)")
            .path
        let executables = directory + "/bin"
        try FileManager.default.createDirectory(atPath: executables, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["quad-identity", "quad-gateway"] {
            try FileManager.default.createSymbolicLink(
                atPath: "\(executables)/\(name)",
                withDestinationPath: BuildProducts.path(name)
            )
        }
        let layout = UpLayout(directory: directory)

        // Given `quad up --fault-proxy` running identity and the gateway
        try await QuadUpSystemTests.withQuadUp(
            directory: directory,
            arguments: ["--executables", executables, "--fault-proxy"]
        ) { up in
            let endpoints = try await QuadUpSystemTests.waitForEndpoints(layout, of: up) { $0.gateway != nil }
            // Then endpoints.json gives identity a proxy on another port, and the gateway none
            let proxy = try #require(endpoints.services["identity"]?.proxy, "identity has no proxy")
            #expect(proxy.address != endpoints.services["identity"]?.rpc)
            #expect(endpoints.gateway?.proxy == nil)
            let control = FaultProxyControlClient(address: proxy.control, token: proxy.token)

            let gatewayEndpoint = try #require(endpoints.gateway)
            let gateway = try #require(HostPort(parsing: gatewayEndpoint.rpc))
            let app = QuadClient(
                host: gateway.host,
                port: gateway.port,
                tls: try .client(trustRootsPEM: endpoints.ca, serverName: "gateway")
            )
            defer { app.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: app)

            // And a call through the gateway goes through the proxy (TLS through it checks identity's name)
            let campuses = try await identity.listCampuses(.init())
            #expect(campuses.campuses.map(\.campusID).contains("campus-northfield"))
            let status = try await control.send(.status)
            #expect(!status.contains("accepted=0 "), "\(status)")
            #expect(!status.contains("forwarded=0 "), "\(status)")

            // When identity is partitioned from the gateway
            try await control.send(.partition(for: nil))
            // Then the gateway's calls to identity fail
            await #expect(throws: RPCError.self) {
                _ = try await identity.listCampuses(.init(), options: CallOptions(timeout: .seconds(5)))
            }
            // But identity itself still answers a direct caller (the operator's certificate, no proxy)
            let direct = try endpoints.operatorClient(of: "identity")
            defer { direct.close() }
            let health = try await Quad_Health_V1_Health.Client(transport: direct).check(.init())
            #expect(health.status == .serving)

            // And once healed, the gateway's calls succeed again (within its ejection's longest back-off)
            try await control.send(.heal)
            let deadline = ContinuousClock.now + .seconds(60)
            var recovered = false
            while !recovered, ContinuousClock.now < deadline {
                recovered =
                    (try? await identity.listCampuses(.init(), options: CallOptions(timeout: .seconds(5)))) != nil
                if !recovered { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(recovered, "the gateway never reached identity again after the heal")
        }
    }
}
