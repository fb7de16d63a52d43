import QuadToolKit
import Foundation
import Synchronization

/// The service processes `quad up` has started, in start order, and how to stop them.
final class LocalCluster: Sendable {
    /// A started service that became ready.
    struct Member: Sendable {
        /// The process.
        var process: ServiceProcess
        /// What its ready file said.
        var ready: ReadyFile
    }

    /// How long a service may take to become ready.
    let readyTimeout: Duration
    /// How long a service may take to exit after SIGTERM before it gets SIGKILL.
    let stopTimeout: Duration
    private let started = Mutex<[ServiceProcess]>([])

    /// Creates an empty cluster.
    init(readyTimeout: Duration = .seconds(60), stopTimeout: Duration = .seconds(15)) {
        self.readyTimeout = readyTimeout
        self.stopTimeout = stopTimeout
    }

    /// Starts one service and waits until it is ready.
    ///
    /// With `previous` (an exited process being restarted), the new process takes its place in the stop order,
    /// so everything still stops in reverse start order, and ``firstExit()`` no longer watches the old one.
    ///
    /// - Throws: ``CLIError`` (exit code 1) with the tail of the service's log when it exits first or is not
    ///   ready in time; the process stays in the cluster, so ``stopAll()`` still stops it.
    func start(_ launch: ServiceProcess.Launch, replacing previous: ServiceProcess? = nil) async throws -> Member {
        let process = try ServiceProcess.start(launch)
        started.withLock { started in
            if let previous, let index = started.firstIndex(where: { $0 === previous }) {
                started[index] = process
            } else {
                started.append(process)
            }
        }
        let failure: String
        switch try await process.waitUntilReady(timeout: readyTimeout) {
        case .ready(let ready):
            return Member(process: process, ready: ready)
        case .exited(let status):
            failure = "\(launch.service) exited with status \(status) before it was ready"
        case .timedOut:
            failure = "\(launch.service) was not ready within \(readyTimeout) (no \(launch.readyFilePath))"
        }
        let tail = process.logTail().map { "  | \($0)" }.joined(separator: "\n")
        throw CLIError("\(failure); the end of \(launch.logPath):\n\(tail)", exitCode: 1)
    }

    /// The process in `service`'s place: the latest started for it.
    func process(service: String) -> ServiceProcess? {
        started.withLock { $0.last { $0.launch.service == service } }
    }

    /// Returns the first started process to exit, apart from those in `ignoring` (exits already dealt with);
    /// waits forever while they all run (until cancelled), and returns nil at once when every process is ignored.
    func firstExit(ignoring: Set<ObjectIdentifier> = []) async -> ServiceProcess? {
        let processes = started.withLock { $0 }.filter { !ignoring.contains(ObjectIdentifier($0)) }
        return await withTaskGroup(of: ServiceProcess?.self) { group in
            for process in processes {
                group.addTask {
                    await process.waitForExit()
                    return process.isRunning ? nil : process
                }
            }
            defer { group.cancelAll() }
            for await exited in group {
                if let exited { return exited }
            }
            return nil
        }
    }

    /// Stops every started process, the last started first (the gateway before the services it calls): SIGTERM,
    /// up to ``stopTimeout`` to drain, then SIGKILL.
    ///
    /// - Returns: The services that had to be killed.
    @discardableResult
    func stopAll() async -> [String] {
        var killed: [String] = []
        for process in started.withLock({ $0 }).reversed() where process.isRunning {
            process.send(SIGTERM)
            if await !process.waitForExit(timeout: stopTimeout) {
                process.send(SIGKILL)
                _ = await process.waitForExit(timeout: .seconds(5))
                killed.append(process.launch.service)
            }
        }
        return killed
    }
}
