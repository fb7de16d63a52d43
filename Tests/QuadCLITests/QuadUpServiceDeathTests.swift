import Foundation
import QuadContracts
import QuadToolKit
import QuadWire
import QuadWireNIO
import ServiceTestSupport
import Testing

@testable import quad

/// One service killed under a real `quad up` without `--supervise` (issue 11, item 9): the built executables as
/// processes on free ports, called through the gateway like an app.
@Suite(
    "quad up, one service dies",
    .serialized,
    .enabled(
        if: ["quad", "quad-identity", "quad-matching", "quad-gateway"].allSatisfy(BuildProducts.exists)
    )
)
struct QuadUpServiceDeathTests {
    @Test("a killed service stays down, marked exited, while the gateway and the other services keep answering")
    func killedServiceLeavesTheRestUp() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quad-up-\(UUID().uuidString)")
            .path
        let executables = directory + "/bin"
        try FileManager.default.createDirectory(atPath: executables, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["quad-identity", "quad-matching", "quad-gateway"] {
            try FileManager.default.createSymbolicLink(
                atPath: "\(executables)/\(name)",
                withDestinationPath: BuildProducts.path(name)
            )
        }
        let layout = UpLayout(directory: directory)

        // Given `quad up` (no --supervise) running identity, matching and the gateway, and a signed-up customer
        try await QuadUpSystemTests.withQuadUp(directory: directory, arguments: ["--executables", executables]) { up in
            let before = try await QuadUpSystemTests.waitForEndpoints(layout, of: up) {
                $0.gateway != nil && $0.services["matching"]?.pid != nil
            }
            let gateway = try #require(before.gateway)
            let address = try #require(HostPort(parsing: gateway.rpc))
            let app = QuadClient(
                host: address.host,
                port: address.port,
                tls: try .client(trustRootsPEM: before.ca, serverName: gateway.serverName)
            )
            defer { app.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: app)
            // (A production-strength hash in a debug build on a shared machine: the gateway's longest deadline.)
            let registered = try await identity.register(Self.ada, options: CallOptions(timeout: .seconds(30)))
            let bearer = CallOptions(
                timeout: .seconds(20),
                metadata: ["authorization": "Bearer \(registered.session.accessToken)"]
            )
            #expect(before.services["matching"]?.status == .running)
            let matchingPID = try #require(before.services["matching"]?.pid)

            // When matching is killed
            #expect(kill(matchingPID, SIGKILL) == 0)

            // Then endpoints.json marks it exited by signal 9, and the others running with the same pids
            let after = try await QuadUpSystemTests.waitForEndpoints(layout, of: up) {
                $0.services["matching"]?.status == .exited
            }
            #expect(after.services["matching"]?.exit == "signal 9")
            #expect(after.services["matching"]?.pid == matchingPID)
            #expect(after.services["identity"]?.status == .running)
            #expect(after.gateway?.status == .running && after.gateway?.pid == gateway.pid)

            // And quad up still runs and said so on its terminal
            #expect(up.isRunning)
            let said = up.logTail(lines: 60).joined(separator: "\n")
            #expect(said.contains("matching (pid \(matchingPID)) exited with signal 9"), "\(said)")
            #expect(said.contains("still running: identity, gateway"), "\(said)")

            // And the gateway still answers calls to identity, anonymous and signed in
            let campuses = try await identity.listCampuses(.init())
            #expect(campuses.campuses.map(\.campusID).contains("campus-northfield"))
            let profile = try await identity.getMyProfile(.init(), options: bearer)
            #expect(profile.userID == registered.profile.userID)

            // And answers the dead service's methods UNAVAILABLE
            let unavailable = await #expect(throws: RPCError.self) {
                _ = try await Quad_Matching_V1_Matching.Client(transport: app).listAcceptingDashers(
                    .with { $0.dormID = "dorm-maple-hall" },
                    options: bearer
                )
            }
            #expect(unavailable?.code == .unavailable, "\(String(describing: unavailable))")
            #expect(up.isRunning)
        }
    }

    /// A customer registering on the demo campus.
    static let ada = Quad_Identity_V1_RegisterRequest.with {
        $0.email = "ada@northfield.edu"
        $0.password = "correct horse battery"
        $0.firstName = "Ada"
        $0.lastName = "Kowalski"
        $0.gender = .female
        $0.campusID = "campus-northfield"
        $0.dormID = "dorm-maple-hall"
        $0.room = "214B"
        $0.dateOfBirth = .with {
            $0.year = 2004
            $0.month = 5
            $0.day = 17
        }
    }
}
