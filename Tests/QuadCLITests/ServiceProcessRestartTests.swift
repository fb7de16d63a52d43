import QuadToolKit
import Testing

@testable import quad

/// How `quad up --supervise` starts a service again: the same flags, on the ports it had.
@Suite("restarting on the same ports")
struct ServiceProcessRestartTests {
    static let ready = ReadyFile(service: "payments", rpc: "127.0.0.1:7301", admin: "127.0.0.1:7302", pid: 42)

    static func launch(_ arguments: [String]) -> ServiceProcess.Launch {
        ServiceProcess.Launch(
            service: "payments",
            executable: "/q/quad-payments",
            arguments: arguments,
            logPath: "/q/logs/payments.log",
            readyFilePath: "/q/run/payments.ready.json"
        )
    }

    @Test("replaces quad up's free ports with the ones the service had, keeping every other flag")
    func pinsPorts() throws {
        // Given a launch as quad up makes it, with a service flag after the common ones
        let launch = UpLayout(directory: "/q").launch(
            service: "payments",
            executable: "/q/quad-payments",
            extraArguments: ["--sandbox", "true"]
        )
        // When it is pinned to the ports of its ready file
        let pinned = try launch.onSamePorts(as: Self.ready)
        // Then the ports are the old ones and nothing else changed
        var expected = launch.arguments
        expected[try #require(expected.firstIndex(of: "--rpc-port")) + 1] = "7301"
        expected[try #require(expected.firstIndex(of: "--admin-port")) + 1] = "7302"
        #expect(pinned.arguments == expected)
        #expect(pinned.logPath == launch.logPath && pinned.readyFilePath == launch.readyFilePath)
        // And pinning again (a second restart) changes nothing
        #expect(try pinned.onSamePorts(as: Self.ready).arguments == expected)
    }

    @Test("appends the port flags to a launch without them, and replaces the last of repeated ones")
    func appendsOrReplacesLast() throws {
        #expect(
            try Self.launch(["--x", "1"]).onSamePorts(as: Self.ready).arguments
                == ["--x", "1", "--rpc-port", "7301", "--admin-port", "7302"]
        )
        #expect(
            try Self.launch(["--rpc-port", "0", "--rpc-port", "9", "--admin-port", "0"]).onSamePorts(as: Self.ready)
                .arguments == ["--rpc-port", "0", "--rpc-port", "7301", "--admin-port", "7302"]
        )
    }

    @Test("refuses a ready file whose address is not host:port, naming it")
    func badAddress() {
        var ready = Self.ready
        ready.admin = "nowhere"
        let error = #expect(throws: CLIError.self) { try Self.launch([]).onSamePorts(as: ready) }
        #expect(error?.message.contains("'nowhere'") == true)
    }
}
