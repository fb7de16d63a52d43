import Foundation
import QuadToolKit
import Testing

@testable import quad

/// `quad up`'s process handling, driven with small shell scripts standing in for service executables.
@Suite("quad up process supervision")
struct LocalClusterTests {
    /// Writes a ready file for this shell's pid the way a service does (temporary file, then rename).
    static let writeReady = """
        printf '{"service":"fake","rpc":"127.0.0.1:1","admin":"127.0.0.1:2","pid":%d}' $$ > "$1.tmp" && mv "$1.tmp" "$1"
        """

    /// Runs `body` with a fresh temporary directory, removed afterwards.
    static func withTemporaryDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quad-cli-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await body(directory)
    }

    static func launch(_ script: String, in directory: String) -> ServiceProcess.Launch {
        ServiceProcess.Launch(
            service: "fake",
            executable: "/bin/sh",
            arguments: ["-c", script, "fake", directory + "/fake.ready.json"],
            logPath: directory + "/fake.log",
            readyFilePath: directory + "/fake.ready.json"
        )
    }

    @Test("waits for the ready file, then stops the service with SIGTERM")
    func readyThenStopped() async throws {
        try await Self.withTemporaryDirectory { directory in
            // Given a service that becomes ready and exits on SIGTERM
            let script = "trap 'exit 0' TERM; \(Self.writeReady); while true; do sleep 0.05; done"
            let cluster = LocalCluster(readyTimeout: .seconds(30), stopTimeout: .seconds(10))
            // When it is started
            let member = try await cluster.start(Self.launch(script, in: directory))
            // Then its ready file is read
            #expect(
                member.ready
                    == ReadyFile(service: "fake", rpc: "127.0.0.1:1", admin: "127.0.0.1:2", pid: member.process.pid)
            )
            // And stopping it needs no SIGKILL
            #expect(await cluster.stopAll() == [])
            #expect(member.process.exitStatus == 0)
        }
    }

    @Test("reports the log's tail when a service exits before it is ready")
    func exitsEarly() async throws {
        try await Self.withTemporaryDirectory { directory in
            // Given a service that fails at start
            let cluster = LocalCluster(readyTimeout: .seconds(30))
            // When it is started
            let error = await #expect(throws: CLIError.self) {
                try await cluster.start(Self.launch("echo 'database is locked' >&2; exit 3", in: directory))
            }
            // Then the error names the status and quotes the log
            #expect(error?.message.contains("status 3") == true)
            #expect(error?.message.contains("database is locked") == true)
            #expect(error?.exitCode == 1)
        }
    }

    @Test("ignores a ready file left by an earlier run")
    func staleReadyFile() async throws {
        try await Self.withTemporaryDirectory { directory in
            // Given a ready file from another process, and a service that never becomes ready
            let launch = Self.launch("trap 'exit 0' TERM; while true; do sleep 0.05; done", in: directory)
            try Data(#"{"service":"fake","rpc":"127.0.0.1:1","admin":"127.0.0.1:2","pid":1}"#.utf8)
                .write(to: URL(fileURLWithPath: launch.readyFilePath))
            let cluster = LocalCluster(readyTimeout: .milliseconds(300))
            // When it is started, then it is not taken for ready
            let error = await #expect(throws: CLIError.self) { try await cluster.start(launch) }
            #expect(error?.message.contains("not ready within") == true)
            await cluster.stopAll()
        }
    }

    @Test("kills a service that ignores SIGTERM")
    func straggler() async throws {
        try await Self.withTemporaryDirectory { directory in
            // Given a ready service that ignores SIGTERM
            let script = "trap '' TERM; \(Self.writeReady); while true; do sleep 0.05; done"
            let cluster = LocalCluster(readyTimeout: .seconds(30), stopTimeout: .milliseconds(300))
            let member = try await cluster.start(Self.launch(script, in: directory))
            // When everything is stopped, then it is killed
            #expect(await cluster.stopAll() == ["fake"])
            #expect(!member.process.isRunning)
        }
    }
}
