import Foundation
import QuadToolKit
import QuadBuiltInContracts
import QuadContracts
import QuadWire
import QuadWireCore
import QuadWireNIO
import ServiceTestSupport
import Testing

@testable import quad

/// `quad up` as a user runs it: the built `quad` and `quad-identity` executables as processes, called through the
/// endpoints file it writes. Skipped until `quad-identity` is built beside the test bundle (`.build/debug/`).
@Suite(
    "quad up, end to end",
    .serialized,
    .enabled(if: BuildProducts.exists("quad") && BuildProducts.exists("quad-identity"))
)
struct QuadUpSystemTests {
    @Test("starts identity and the gateway, answers Health and quad call, and stops everything on SIGTERM")
    func upCallDown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quad-up-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let layout = UpLayout(directory: directory)

        // Given `quad up` running
        try await Self.withQuadUp(directory: directory) { up in
            // When endpoints.json appears (an external process's file: polled, at most 60 s)
            let deadline = ContinuousClock.now + .seconds(60)
            while !FileManager.default.fileExists(atPath: layout.endpoints), up.isRunning,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(100))
            }
            let endpoints = try #require(
                try? EndpointsFile.load(path: layout.endpoints),
                "no endpoints.json; quad up said:\n\(up.logTail(lines: 40).joined(separator: "\n"))"
            )
            let identity = try #require(endpoints.endpoint(named: "identity"))
            let address = try #require(HostPort(parsing: identity.rpc))
            let ready = try ReadyFile.decode(
                try Data(contentsOf: URL(fileURLWithPath: layout.readyFile(service: "identity")))
            )
            #expect(identity.pid == ready.pid)

            // Then identity answers Health/Check over mutual TLS with the files endpoints.json names
            let client = QuadClient(
                host: address.host,
                port: address.port,
                tls: try .client(
                    trustRootsPEM: endpoints.ca,
                    certificateChainPEM: endpoints.clientCertificate,
                    privateKeyPEM: endpoints.clientKey,
                    serverName: identity.serverName
                )
            )
            defer { client.close() }
            let health = try await Quad_Health_V1_Health.Client(transport: client).check(.init())
            #expect(health.status == .serving)

            // And quad call lists the demo campus
            let call = try await ProductRun.run(
                "quad",
                ["call", "identity", "quad.identity.v1.Identity/ListCampuses", "{}", "--endpoints", layout.endpoints],
                in: directory
            )
            #expect(call.status == 0, "\(call.output)")
            #expect(call.output.contains("campus-northfield"), "\(call.output)")

            // And an unknown method is a local mistake, named clearly
            let unknown = try await ProductRun.run(
                "quad",
                ["call", "identity", "quad.identity.v1.Identity/NoSuchMethod", "{}", "--endpoints", layout.endpoints],
                in: directory
            )
            #expect(unknown.status == CallExitCode.localFailure)
            #expect(unknown.output.contains("has no method NoSuchMethod"), "\(unknown.output)")

            // And quad backup copies identity's database online, into its data directory
            let backup = try await ProductRun.run("quad", ["backup", "--endpoints", layout.endpoints], in: directory)
            #expect(backup.status == 0, "\(backup.output)")
            let backups = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/data/backups")) ?? []
            #expect(backups.contains { $0.hasPrefix("identity-") && $0.hasSuffix(".sqlite") }, "\(backup.output)")
            // and fleet-documents' with the blobs its rows name beside it
            #expect(
                backups.contains { $0.hasPrefix("fleet-documents-") && $0.hasSuffix(".sqlite.blobs") },
                "\(backup.output)"
            )

            // And nothing quad up or the services left is readable by anyone else (issue 11 item 1)
            // (fleet-documents' backup has a directory of blobs beside its copy: <copy>.blobs/)
            let blobBackups = backups.filter { $0.hasSuffix(".blobs") }.map { directory + "/data/backups/" + $0 }
            for path in [
                directory, directory + "/data", directory + "/data/backups", directory + "/logs", directory + "/run",
            ] + blobBackups {
                #expect(Self.mode(path) == 0o700, "\(path) is \(String(Self.mode(path), radix: 8))")
            }
            var files = [layout.endpoints, directory + "/logs/identity.log", directory + "/data/identity.sqlite"]
            files += backups.filter { !$0.hasSuffix(".blobs") }.map { directory + "/data/backups/" + $0 }
            for path in files {
                #expect(Self.mode(path) == 0o600, "\(path) is \(String(Self.mode(path), radix: 8))")
            }

            // And the backup RPC refuses a peer that is a service, not an operator
            let asService = QuadClient(
                host: address.host,
                port: address.port,
                tls: try .client(
                    trustRootsPEM: endpoints.ca,
                    certificateChainPEM: directory + "/certs/gateway.pem",
                    privateKeyPEM: directory + "/certs/gateway-key.pem",
                    serverName: identity.serverName
                )
            )
            defer { asService.close() }
            let refused = await #expect(throws: RPCError.self) {
                _ = try await Quad_Admin_V1_Admin.Client(transport: asService).backup(.init())
            }
            #expect(refused?.code == .permissionDenied)

            // And identity refuses a direct call whose x-quad-caller comes from a client (not the gateway's) certificate
            let impersonation = await #expect(throws: RPCError.self) {
                _ = try await Quad_Identity_V1_Identity.Client(transport: client).getMyProfile(
                    .init(),
                    options: CallOptions(metadata: [
                        "x-quad-caller": #"{"user_id":"u1","roles":["customer"],"campus_id":"c","dorm_id":"d"}"#
                    ])
                )
            }
            #expect(impersonation?.code == .permissionDenied)

            // And the gateway, started last, routes identity's methods: quad call through it, no client certificate needed
            if BuildProducts.exists("quad-gateway") {
                let gateway = try #require(endpoints.gateway, "endpoints.json has no gateway")
                let gatewayAddress = try #require(HostPort(parsing: gateway.rpc))
                let app = QuadClient(
                    host: gatewayAddress.host,
                    port: gatewayAddress.port,
                    tls: try .client(trustRootsPEM: endpoints.ca, serverName: gateway.serverName)
                )
                defer { app.close() }
                let campuses = try await Quad_Identity_V1_Identity.Client(transport: app).listCampuses(.init())
                #expect(campuses.campuses.map(\.campusID).contains("campus-northfield"))
                let viaGateway = try await ProductRun.run(
                    "quad",
                    [
                        "call", "gateway", "quad.identity.v1.Identity/ListCampuses", "{}", "--endpoints",
                        layout.endpoints,
                    ],
                    in: directory
                )
                #expect(viaGateway.status == 0, "\(viaGateway.output)")
                #expect(viaGateway.output.contains("campus-northfield"), "\(viaGateway.output)")
                let unsigned = await #expect(throws: RPCError.self) {
                    _ = try await Quad_Identity_V1_Identity.Client(transport: app).getMyProfile(.init())
                }
                #expect(unsigned?.code == .unauthenticated)
            }

            // When quad up gets SIGTERM
            up.send(SIGTERM)
            #expect(await up.waitForExit(timeout: .seconds(30)))

            // Then it exits 0, its children are gone and endpoints.json is removed
            #expect(up.exitStatus == 0, "\(up.logTail(lines: 40).joined(separator: "\n"))")
            #expect(kill(ready.pid, 0) == -1 && errno == ESRCH)
            #expect(!FileManager.default.fileExists(atPath: layout.endpoints))
        }
    }

    @Test("with --supervise, restarts a killed identity on the same port and lists its new pid")
    func superviseRestartsKilledService() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quad-up-\(UUID().uuidString)")
            .path
        let executables = directory + "/bin"
        try FileManager.default.createDirectory(atPath: executables, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Only identity and the gateway: quad up runs what it finds in --executables
        for name in ["quad-identity", "quad-gateway"] where BuildProducts.exists(name) {
            try FileManager.default.createSymbolicLink(
                atPath: "\(executables)/\(name)",
                withDestinationPath: BuildProducts.path(name)
            )
        }
        let layout = UpLayout(directory: directory)

        // Given `quad up --supervise` running identity (and the gateway)
        let arguments = ["--executables", executables, "--supervise"]
        try await Self.withQuadUp(directory: directory, arguments: arguments) { up in
            let before = try await Self.waitForEndpoints(layout, of: up) {
                $0.endpoint(named: "identity")?.pid != nil
            }
            let identity = try #require(before.endpoint(named: "identity"))
            let oldPID = try #require(identity.pid)

            // When identity is killed
            #expect(kill(oldPID, SIGKILL) == 0)

            // Then endpoints.json lists a new, running identity on the same RPC and admin ports
            let after = try await Self.waitForEndpoints(layout, of: up) {
                $0.endpoint(named: "identity")?.pid.map { $0 != oldPID } ?? false
            }
            let restarted = try #require(after.endpoint(named: "identity"))
            let newPID = try #require(restarted.pid)
            #expect(kill(newPID, 0) == 0)
            #expect(restarted.rpc == identity.rpc && restarted.admin == identity.admin)
            #expect(after.gateway == before.gateway)

            // And it answers Health on that port
            let address = try #require(HostPort(parsing: restarted.rpc))
            let client = QuadClient(
                host: address.host,
                port: address.port,
                tls: try .client(
                    trustRootsPEM: after.ca,
                    certificateChainPEM: after.clientCertificate,
                    privateKeyPEM: after.clientKey,
                    serverName: restarted.serverName
                )
            )
            defer { client.close() }
            let health = try await Quad_Health_V1_Health.Client(transport: client).check(.init())
            #expect(health.status == .serving)

            // And quad up said what it did
            let said = up.logTail(lines: 60).joined(separator: "\n")
            let restartLine = "restarted identity (pid \(oldPID) -> \(newPID)) after it exited with signal 9"
            #expect(said.contains(restartLine), "\(said)")

            // When quad up gets SIGTERM, then it stops the restarted identity too and exits 0
            up.send(SIGTERM)
            #expect(await up.waitForExit(timeout: .seconds(30)))
            #expect(up.exitStatus == 0, "\(up.logTail(lines: 40).joined(separator: "\n"))")
            #expect(kill(newPID, 0) == -1 && errno == ESRCH)
        }
    }

    /// Waits until endpoints.json exists and satisfies `condition`, while `up` runs (an external process's file:
    /// polled, at most 60 s), and returns it.
    static func waitForEndpoints(
        _ layout: UpLayout,
        of up: ServiceProcess,
        where condition: (EndpointsFile) -> Bool
    ) async throws -> EndpointsFile {
        let deadline = ContinuousClock.now + .seconds(60)
        while up.isRunning, ContinuousClock.now < deadline {
            if let file = try? EndpointsFile.load(path: layout.endpoints), condition(file) { return file }
            try await Task.sleep(for: .milliseconds(100))
        }
        let file = try? EndpointsFile.load(path: layout.endpoints)
        let said = up.logTail(lines: 40).joined(separator: "\n")
        return try #require(
            file.flatMap { condition($0) ? $0 : nil },
            "endpoints.json never showed what was awaited; quad up said:\n\(said)"
        )
    }

    /// Runs `quad up --data directory` (then `arguments`) for `body`, and makes sure it and every service it
    /// started are gone afterwards, even when `body` fails halfway.
    static func withQuadUp(
        directory: String,
        arguments: [String] = [],
        _ body: (ServiceProcess) async throws -> Void
    ) async throws {
        let up = try ServiceProcess.start(
            ServiceProcess.Launch(
                service: "quad-up",
                executable: BuildProducts.path("quad"),
                arguments: ["up", "--data", directory] + arguments,
                logPath: "\(directory)/up.log",
                readyFilePath: "\(directory)/up.unused"
            )
        )
        do {
            try await body(up)
        } catch {
            await stop(up, directory: directory)
            throw error
        }
        await stop(up, directory: directory)
    }

    /// Stops `quad up` as a user would (SIGTERM), then kills whatever is left, services included.
    static func stop(_ up: ServiceProcess, directory: String) async {
        let run = UpLayout(directory: directory).run
        let services = ((try? FileManager.default.contentsOfDirectory(atPath: run)) ?? []).compactMap { name in
            FileManager.default.contents(atPath: "\(run)/\(name)").flatMap { try? ReadyFile.decode($0).pid }
        }
        up.send(SIGTERM)
        if await !up.waitForExit(timeout: .seconds(30)) { up.send(SIGKILL) }
        for pid in services where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    /// The permission bits of `path` (0 when it cannot be read).
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? 0
    }
}
