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
                // Then endpoints.json soon lists another pid (the new process's ready file is polled; at most 30 s)
                let deadline = ContinuousClock.now + .seconds(30)
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

    @Test("gives up on a service that keeps exiting: the fifth exit within a minute ends the watch")
    func givesUp() async throws {
        // Given a supervised service that exits with status 3 half a second after it is ready
        let script = "\(LocalClusterTests.writeReady); sleep 0.5; exit 3"
        try await Self.withSupervisedService(script, supervise: true) { _, supervisor, _ in
            // When it is watched, then the watch ends with its exit
            let outcome = await Self.watch(supervisor)
            guard case .serviceExited(let process) = outcome else {
                Issue.record("expected the service's exit to end the watch, got \(outcome)")
                return
            }
            #expect(process.exitDescription == "status 3")
        }
    }

    @Test("without --supervise, the first exit ends the watch and names the signal")
    func unsupervised() async throws {
        try await Self.withSupervisedService(Self.longLived, supervise: false) { member, supervisor, _ in
            // Given an unsupervised service, when it is killed
            member.process.send(SIGKILL)
            // Then the watch ends with that process, which a signal ended
            let outcome = await Self.watch(supervisor)
            guard case .serviceExited(let process) = outcome else {
                Issue.record("expected the service's exit to end the watch, got \(outcome)")
                return
            }
            #expect(process === member.process)
            #expect(process.exitDescription == "signal 9")
            #expect(supervisor.cluster.process(service: "fake") === member.process)
        }
    }
}
