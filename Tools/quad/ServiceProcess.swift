import QuadToolKit
import Foundation

/// One service executable started by `quad up`, its output going to a log file.
final class ServiceProcess: Sendable {
    /// Where a service's files go and how it is started.
    struct Launch: Sendable {
        /// The service's name, e.g. `identity`.
        var service: String
        /// The executable's path.
        var executable: String
        /// The command-line arguments.
        var arguments: [String]
        /// The file stdout and stderr go to; an existing one is kept as `<log>.previous`.
        var logPath: String
        /// The file the service writes when it is ready.
        var readyFilePath: String
    }

    /// How the process was started.
    let launch: Launch
    /// The process id.
    let pid: Int32
    /// Kept so the process object lives as long as this handle.
    private let process: Process
    private let exit: ExitWatch

    private init(launch: Launch, process: Process, exit: ExitWatch) {
        self.launch = launch
        self.process = process
        self.pid = process.processIdentifier
        self.exit = exit
    }

    /// Starts the executable; a ready file left by an earlier run is removed first, and an earlier log is kept as
    /// `<log>.previous`.
    ///
    /// - Throws: ``CLIError`` when the log file cannot be opened or the executable cannot be started.
    static func start(_ launch: Launch) throws -> ServiceProcess {
        let manager = FileManager.default
        try? manager.removeItem(atPath: launch.readyFilePath)
        let log: FileHandle
        do {
            // Each run starts a fresh log, so its tail is this run's; the previous run's stays beside it.
            if manager.fileExists(atPath: launch.logPath) {
                try? manager.removeItem(atPath: launch.logPath + ".previous")
                try manager.moveItem(atPath: launch.logPath, toPath: launch.logPath + ".previous")
            }
            guard manager.createFile(atPath: launch.logPath, contents: nil) else {
                throw CLIError("cannot create \(launch.logPath)", exitCode: 1)
            }
            log = try FileHandle(forWritingTo: URL(fileURLWithPath: launch.logPath))
        } catch {
            throw CLIError("cannot open the log file \(launch.logPath): \(error)", exitCode: 1, cause: error)
        }
        defer { try? log.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launch.executable)
        process.arguments = launch.arguments
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        let exit = ExitWatch()
        process.terminationHandler = { process in exit.exited(status: process.terminationStatus) }
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start \(launch.executable): \(error)", exitCode: 1, cause: error)
        }
        return ServiceProcess(launch: launch, process: process, exit: exit)
    }

    /// The exit status (or the signal that ended it) once the process has exited.
    var exitStatus: Int32? {
        exit.status
    }

    /// How the process ended, for messages: `status 3`, or `signal 9` when a signal ended it; nil while it runs.
    var exitDescription: String? {
        guard let status = exit.status else { return nil }
        // The reason is set before the termination handler records the status, so it is final here.
        return process.terminationReason == .uncaughtSignal ? "signal \(status)" : "status \(status)"
    }

    /// Whether the process is still running.
    var isRunning: Bool {
        exit.status == nil
    }

    /// Returns when the process has exited, or when the calling task is cancelled.
    func waitForExit() async {
        await exit.wait()
    }

    /// Waits at most `timeout` for the process to exit; true if it did.
    func waitForExit(timeout: Duration) async -> Bool {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.exit.wait() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        return !isRunning
    }

    /// Sends `signal` (SIGTERM, SIGKILL, ...) unless the process has already exited.
    func send(_ signal: Int32) {
        guard isRunning else { return }
        kill(pid, signal)
    }

    /// The last `count` lines of the service's log.
    func logTail(lines count: Int = 20) -> [String] {
        guard let text = try? String(contentsOfFile: launch.logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .reversed().drop { $0.isEmpty }.prefix(count).reversed().map(String.init)
    }
}
