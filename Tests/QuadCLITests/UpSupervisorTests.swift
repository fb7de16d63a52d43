import Foundation
import QuadCertificates
import QuadToolKit
import Testing

@testable import quad

/// `quad up`'s watch over ready services, with small shell scripts standing in for service executables (see
/// ``LocalClusterTests``). The scripts are external processes: their state is polled, with a deadline.
@Suite("quad up supervision")
struct UpSupervisorTests {
    /// A service that becomes ready and runs until SIGTERM.
    static let longLived = "trap 'exit 0' TERM; \(LocalClusterTests.writeReady); while true; do sleep 0.05; done"

    /// Starts the service `script` in a cluster over a fresh directory, and gives `body` a supervisor of it.
    static func withSupervisedService(
        _ script: String,
        supervise: Bool,
        _ body: (LocalCluster.Member, UpSupervisor, UpLayout) async throws -> Void
    ) async throws {
        try await LocalClusterTests.withTemporaryDirectory { directory in
            let layout = UpLayout(directory: directory)
            try layout.createDirectories()
            let certificates = try DevCertificateSet.ensure(directory: layout.certificates, services: ["fake"])
            let cluster = LocalCluster(readyTimeout: .seconds(30), stopTimeout: .seconds(10))
            do {
                let member = try await cluster.start(LocalClusterTests.launch(script, in: directory))
                let supervisor = UpSupervisor(
                    members: [member],
                    cluster: cluster,
                    layout: layout,
                    certificates: certificates,
                    supervise: supervise
                )
                try supervisor.writeEndpoints()
                try await body(member, supervisor, layout)
            } catch {
                await cluster.stopAll()
                throw error
            }
            await cluster.stopAll()
        }
    }

    /// Runs `supervisor.watch()` to its end.
    static func watch(_ supervisor: UpSupervisor) async -> UpOutcome {
        var supervisor = supervisor
        return await supervisor.watch()
    }

    @Test("restarts a killed service in its place and rewrites endpoints.json with the new pid")
    func restartsKilledService() async throws {
        try await Self.withSupervisedService(Self.longLived, supervise: true) { first, supervisor, layout in
            // Given a supervised service whose pid endpoints.json lists
            #expect(try EndpointsFile.load(path: layout.endpoints).services["fake"]?.pid == first.process.pid)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = await Self.watch(supervisor) }
                // When it is killed
                first.process.send(SIGKILL)
                // Then endpoints.json soon lists another pid (the new process's ready file is polled; at most 120 s: a busy machine)
                let deadline = ContinuousClock.now + .seconds(120)
                var pid = first.process.pid
                while pid == first.process.pid, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                    let listed = try? EndpointsFile.load(path: layout.endpoints).services["fake"]?.pid
                    if let listed { pid = listed }
                }
                #expect(pid != first.process.pid)
                // And that process runs, on the same ports, started with the ports pinned
                let replacement = try #require(supervisor.cluster.process(service: "fake"))
                #expect(replacement.pid == pid && replacement.isRunning)
                #expect(replacement.launch.arguments.suffix(4) == ["--rpc-port", "1", "--admin-port", "2"])
                #expect(try EndpointsFile.load(path: layout.endpoints).services["fake"]?.rpc == "127.0.0.1:1")
                group.cancelAll()
            }
        }
    }

    @Test("gives up on a service that keeps exiting: after the fifth exit within a minute it is left down")
    func givesUp() async throws {
        // Given a supervised service that exits with status 3 half a second after it is ready
        let script = "\(LocalClusterTests.writeReady); sleep 0.5; exit 3"
        try await Self.withSupervisedService(script, supervise: true) { _, supervisor, layout in
            // When it is watched, then the watch ends once it is down for good, its last exit named
            let outcome = await Self.watch(supervisor)
            guard case .everyServiceExited = outcome else {
                Issue.record("expected the watch to end with every service down, got \(outcome)")
                return
            }
            let endpoint = try EndpointsFile.load(path: layout.endpoints).services["fake"]
            #expect(endpoint?.status == .exited && endpoint?.exit == "status 3")
        }
    }

    @Test("without --supervise, a killed service is left down and marked exited; the others keep running")
    func unsupervised() async throws {
        try await LocalClusterTests.withTemporaryDirectory { directory in
            // Given two unsupervised services, "fake" and "other"
            let layout = UpLayout(directory: directory)
            try layout.createDirectories()
            let certificates = try DevCertificateSet.ensure(directory: layout.certificates, services: ["fake"])
            let cluster = LocalCluster(readyTimeout: .seconds(30), stopTimeout: .seconds(10))
            do {
                try await Self.killOneOfTwo(cluster: cluster, layout: layout, certificates: certificates, in: directory)
            } catch {
                await cluster.stopAll()
                throw error
            }
            await cluster.stopAll()
        }
    }

    /// The body of ``unsupervised()``: two services, one killed.
    static func killOneOfTwo(
        cluster: LocalCluster,
        layout: UpLayout,
        certificates: DevCertificateSet,
        in directory: String
    ) async throws {
        let fake = try await cluster.start(LocalClusterTests.launch(Self.longLived, in: directory))
        let other = try await cluster.start(Self.launch(Self.longLived, named: "other", in: directory))
        let supervisor = UpSupervisor(
            members: [fake, other],
            cluster: cluster,
            layout: layout,
            certificates: certificates,
            supervise: false
        )
        try supervisor.writeEndpoints()
        try await withThrowingTaskGroup(of: UpOutcome.self) { group in
            group.addTask { await Self.watch(supervisor) }
            // When "fake" is killed
            fake.process.send(SIGKILL)
            // Then endpoints.json marks it exited by signal 9 (the file is polled; at most 30 s)
            let deadline = ContinuousClock.now + .seconds(120)
            var file = try EndpointsFile.load(path: layout.endpoints)
            while file.services["fake"]?.status != .exited, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                file = try EndpointsFile.load(path: layout.endpoints)
            }
            #expect(file.services["fake"]?.status == .exited && file.services["fake"]?.exit == "signal 9")
            #expect(file.services["fake"]?.pid == fake.process.pid)
            // And the other still runs, marked running, and nothing was restarted
            #expect(other.process.isRunning)
            #expect(file.services["other"]?.status == .running)
            #expect(cluster.process(service: "fake") === fake.process)

            // When the other one exits too, then the watch ends: nothing is left to serve
            other.process.send(SIGTERM)
            let outcome = try await group.next()
            guard case .everyServiceExited = outcome else {
                Issue.record("expected the watch to end with every service down, got \(String(describing: outcome))")
                return
            }
        }
    }

    /// A launch of `script` as the service `name`, whose ready file names it.
    static func launch(_ script: String, named name: String, in directory: String) -> ServiceProcess.Launch {
        let ready = directory + "/\(name).ready.json"
        return ServiceProcess.Launch(
            service: name,
            executable: "/bin/sh",
            arguments: [
                "-c", script.replacingOccurrences(of: #""service":"fake""#, with: #""service":"\#(name)""#), name,
                ready,
            ],
            logPath: directory + "/\(name).log",
            readyFilePath: ready
        )
    }
}
