import Foundation
import QuadLoad
import QuadLoadCore
import QuadToolKit
import Synchronization
import Testing

/// The fault injector against real processes the tests start (`/bin/sleep 600`), looked up by a closure the test
/// controls. A process's state is another process's: it is polled from /proc, with a deadline.
@Suite("fault injector")
struct FaultInjectorTests {
    @Test("stops a process, then resumes it after the stop's duration")
    func stopThenResume() async throws {
        try await SleepingChild.with { child in
            // Given an injector that stops the child at once for one second
            let injector = try FaultInjector(plan: .parse(["stop:sleeper@0s+1s"]), pidLookup: { _ in child.pid })
            let (events, continuation) = AsyncStream<FaultEvent>.makeStream()
            // When it runs
            let recorded = await withTaskGroup(of: [FaultEvent].self) { group in
                group.addTask {
                    defer { continuation.finish() }
                    await injector.run(startedAt: .now) { continuation.yield($0) }
                    return await injector.recorded
                }
                for await event in events {
                    switch event.action {
                    // Then the child is stopped (state T) once the stop is reported
                    case "stop": #expect(await child.reaches(state: "T"), "state \(child.state ?? "?")")
                    // And running again (sleeping, state S) once the resume is
                    case "resume": #expect(await child.reaches(state: "S"), "state \(child.state ?? "?")")
                    default: Issue.record("unexpected event \(event)")
                    }
                }
                return await group.next() ?? []
            }
            // And the events say what was done, to which process, when
            #expect(recorded.map(\.action) == ["stop", "resume"])
            #expect(
                recorded.map(\.detail) == [
                    "stop sleeper pid \(child.pid) for 1.0 s", "resume sleeper pid \(child.pid)",
                ]
            )
            #expect(recorded.allSatisfy { $0.service == "sleeper" })
            #expect(recorded[1].atSeconds - recorded[0].atSeconds >= 1)
        }
    }

    @Test("resumes a stopped process when the run ends first")
    func resumesWhenCancelled() async throws {
        try await SleepingChild.with { child in
            // Given an injector that stops the child for ten minutes
            let injector = try FaultInjector(plan: .parse(["stop:sleeper@0s+10m"]), pidLookup: { _ in child.pid })
            let (events, continuation) = AsyncStream<FaultEvent>.makeStream()
            let recorded = await withTaskGroup(of: [FaultEvent].self) { group in
                group.addTask {
                    defer { continuation.finish() }
                    await injector.run(startedAt: .now) { continuation.yield($0) }
                    return await injector.recorded
                }
                for await event in events where event.action == "stop" { break }
                #expect(await child.reaches(state: "T"), "state \(child.state ?? "?")")
                // When the run ends (its task is cancelled)
                group.cancelAll()
                return await group.next() ?? []
            }
            // Then the child runs again, and the resume says why it came early
            #expect(await child.reaches(state: "S"), "state \(child.state ?? "?")")
            #expect(recorded.last?.detail == "resume sleeper pid \(child.pid) (the run ended)")
        }
    }

    @Test("kills a process with SIGKILL, and says when it does not come back")
    func killFault() async throws {
        try await SleepingChild.with { child in
            // Given an injector that kills the child at once and waits a little for a new pid
            let configuration = FaultInjector.Configuration(
                pollInterval: .milliseconds(20),
                returnTimeout: .milliseconds(300)
            )
            let injector = try FaultInjector(
                plan: .parse(["kill:sleeper@0s"]),
                pidLookup: { _ in child.pid },
                configuration: configuration
            )
            // When it runs
            await injector.run(startedAt: .now)
            let recorded = await injector.recorded
            // Then the child was ended by signal 9
            let exit = await child.exit()
            #expect(exit == .signalled(SIGKILL))
            // And the events say so, then that nothing came back in its place
            #expect(recorded.map(\.action) == ["kill", "not-back"])
            #expect(recorded.first?.detail == "kill sleeper pid \(child.pid)")
            let notBack = "sleeper did not come back within 0.3 s after pid \(child.pid)"
            #expect(recorded.last?.detail.hasPrefix(notBack) == true, "\(recorded)")
        }
    }

    @Test("restarts a process with SIGTERM and reports the new pid once the lookup gives it")
    func restart() async throws {
        try await SleepingChild.with(SleepingChild.exitingOnSIGTERM) { first in
            // (Its shell catches SIGTERM once it has run `trap`: a signal before that kills it, on a loaded machine.)
            try #require(await first.catches(SIGTERM), "the child's shell never set its SIGTERM trap")
            // Given an injector that restarts the child at once, and a lookup the test updates
            let current = CurrentPID(first.pid)
            let configuration = FaultInjector.Configuration(
                pollInterval: .milliseconds(20),
                returnTimeout: .seconds(30)
            )
            let injector = try FaultInjector(
                plan: .parse(["restart:sleeper@0s"]),
                pidLookup: { _ in current.value },
                configuration: configuration
            )
            try await withThrowingTaskGroup(of: [FaultEvent].self) { group in
                group.addTask {
                    await injector.run(startedAt: .now)
                    return await injector.recorded
                }
                // When the child has ended on SIGTERM and a replacement (the supervisor's part) is listed
                let exit = await first.exit()
                #expect(exit == .exited(128 + SIGTERM))
                try await SleepingChild.with { second in
                    current.value = second.pid
                    let recorded = try #require(try await group.next())
                    // Then the injector reports the restart, then the new pid and how long it took
                    #expect(recorded.map(\.action) == ["restart", "back"])
                    #expect(recorded.first?.detail == "restart sleeper pid \(first.pid) (SIGTERM)")
                    let back = try #require(recorded.last?.detail)
                    #expect(back.hasPrefix("restart sleeper pid \(first.pid) -> \(second.pid) back after "), "\(back)")
                }
            }
        }
    }

    @Test("performs nothing when the run ends before a fault's time")
    func cancelledBeforeItsTime() async throws {
        try await SleepingChild.with { child in
            let injector = try FaultInjector(plan: .parse(["kill:sleeper@10m"]), pidLookup: { _ in child.pid })
            let recorded = await withTaskGroup(of: [FaultEvent].self) { group in
                group.addTask {
                    await injector.run(startedAt: .now)
                    return await injector.recorded
                }
                group.cancelAll()
                return await group.next() ?? []
            }
            #expect(recorded.isEmpty)
            #expect(await child.reaches(state: "S"), "state \(child.state ?? "?")")
        }
    }

    @Test("refuses, before the run, a service endpoints.json does not list or lists without a pid")
    func refusesUnknownServices() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("quad-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("endpoints.json").path
        // Given endpoints.json listing payments with a pid and jobs without one
        try EndpointsFile(
            ca: "/ca",
            clientCertificate: "/c",
            clientKey: "/k",
            services: [
                "payments": ServiceEndpoint(
                    rpc: "127.0.0.1:1",
                    admin: "127.0.0.1:2",
                    serverName: "payments",
                    pid: 4242
                ),
                "jobs": ServiceEndpoint(rpc: "127.0.0.1:3", admin: "127.0.0.1:4", serverName: "jobs"),
            ]
        ).write(path: path)

        // Then a plan naming payments is accepted, and the lookup reads its pid
        _ = try FaultInjector.forEndpoints(plan: .parse(["kill:payments@1s"]), path: path)
        #expect(try FaultInjector.endpointsPIDLookup(path: path)("payments") == 4242)
        // And a service the file does not list is refused, naming those it lists
        let unknown = #expect(throws: FaultPlanError.self) {
            try FaultInjector.forEndpoints(plan: .parse(["kill:payments@1s", "kill:matching@2s"]), path: path)
        }
        #expect(unknown?.code == .unknownService)
        #expect(unknown?.message == "--fault names matching, which \(path) does not list; it lists jobs, payments")
        // And one listed without a pid is refused, saying how to get one
        let noPID = #expect(throws: FaultPlanError.self) {
            try FaultInjector.forEndpoints(plan: .parse(["stop:jobs@1s+1s"]), path: path)
        }
        #expect(noPID?.code == .noPID)
        #expect(noPID?.message.contains("jobs, which has no pid") == true)
        #expect(noPID?.message.contains("quad up --supervise") == true)
        // And a missing file is refused, naming it
        let missing = #expect(throws: FaultPlanError.self) {
            try FaultInjector.forEndpoints(plan: .parse(["kill:payments@1s"]), path: path + ".missing")
        }
        #expect(missing?.code == .lookupFailed)
        #expect(missing?.message.contains(path + ".missing") == true)
    }
}

/// The pid a test's lookup gives, changed by the test.
private final class CurrentPID: Sendable {
    private let pid: Mutex<Int32>

    init(_ pid: Int32) {
        self.pid = Mutex(pid)
    }

    var value: Int32 {
        get { pid.withLock { $0 } }
        set { pid.withLock { $0 = newValue } }
    }
}

/// `/bin/sleep 600` (or another command), started by a test and killed when the test is done with it.
private final class SleepingChild: Sendable {
    /// A shell that exits with status 143 on SIGTERM, as a service does through its signal source (a plain
    /// `/bin/sleep` would die of the signal instead).
    static let exitingOnSIGTERM = ["/bin/sh", "-c", "trap 'exit 143' TERM; while :; do sleep 0.05; done"]

    private let child: ChildProcess

    /// The process id.
    var pid: Int32 { child.pid }

    private init(_ command: [String]) throws {
        child = try ChildProcess.spawn(command[0], Array(command.dropFirst()))
    }

    /// Runs `body` with a new child running `command`, which is killed afterwards however `body` ends.
    static func with(
        _ command: [String] = ["/bin/sleep", "600"],
        _ body: (SleepingChild) async throws -> Void
    ) async throws {
        let child = try SleepingChild(command)
        defer { child.killIfRunning() }
        try await body(child)
    }

    /// Waits for the child to exit: how and with what status (or signal).
    func exit() async -> ChildProcess.Termination? {
        await child.waitForExit()
    }

    /// The state letter in /proc/PID/stat (`S` sleeping, `T` stopped, `Z` exited, not yet reaped); nil once gone.
    var state: String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// Polls /proc/PID/status until the child catches `signal` (its `SigCgt` mask has it: true) or 10 s have passed
    /// (false).
    func catches(_ signal: Int32) async -> Bool {
        await poll { caught(signal) }
    }

    private func caught(_ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (UInt64(1) << UInt64(signal - 1)) != 0
    }

    /// Polls the state until it is `expected` (true) or 10 s have passed (false): a signal is delivered
    /// asynchronously.
    func reaches(state expected: String) async -> Bool {
        await poll { state == expected }
    }

    /// Checks `condition` every 10 ms until it holds (true) or 10 s have passed (false).
    private func poll(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// Kills the child if it still runs (SIGKILL ends a stopped process too).
    func killIfRunning() {
        child.send(SIGKILL)
    }
}
