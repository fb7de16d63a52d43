import Foundation
import QuadToolKit
import Testing

/// The launcher `quad up`, the system tests and the tool tests start their children with: what the child gets
/// (its descriptors, its signals) and what the parent learns of its end.
@Suite("Child processes started with posix_spawn")
struct ChildProcessTests {
    @Test("reports an exit status and a signal apart, and captures stdout and stderr together")
    func exitsAndOutput() async throws {
        let run = try await ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(run.termination == .exited(3))
        #expect(run.output.split(separator: "\n").sorted() == ["err", "out"])

        let errorOnly = try await ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], capturing: .error)
        #expect(errorOnly.termination == .exited(0))
        #expect(errorOnly.output == "err\n")

        let child = try ChildProcess.spawn("/bin/sleep", ["600"])
        #expect(child.isRunning)
        child.send(SIGKILL)
        #expect(await child.waitForExit() == .signalled(SIGKILL))
        #expect(child.termination?.description == "signal 9")
        #expect(!child.isRunning)
    }

    @Test("the child keeps none of the parent's other descriptors, even one opened without close-on-exec")
    func descriptorsAreClosed() async throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let run = try await ChildProcess.run(
            "/bin/sh",
            ["-c", "if [ -e /proc/$$/fd/\(descriptor) ]; then echo open; else echo closed; fi"]
        )
        #expect(run.output == "closed\n")
    }

    @Test("a child started from a thread that blocks SIGTERM still takes SIGTERM, at its default action")
    func signalsAreUnblocked() async throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let spawned = Result { try ChildProcess.spawn("/bin/sleep", ["600"]) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let child = try spawned.get()
        defer { child.send(SIGKILL) }
        child.send(SIGTERM)
        #expect(await child.waitForExit(timeout: .seconds(20)))
        #expect(child.termination == .signalled(SIGTERM))
    }

    @Test("an executable that does not exist is refused by name, and nothing is left running")
    func missingExecutable() async throws {
        let error = #expect(throws: CLIError.self) {
            try ChildProcess.spawn("/nonexistent/quad-nothing", [])
        }
        #expect(
            error?.message.contains("cannot start /nonexistent/quad-nothing") == true,
            "\(String(describing: error))"
        )
    }
}
