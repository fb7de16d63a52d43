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
    private let child: ChildProcess

    /// The process id.
    var pid: Int32 { child.pid }

    private init(launch: Launch, child: ChildProcess) {
        self.launch = launch
        self.child = child
    }

    /// Starts the executable; a ready file left by an earlier run is removed first, and an earlier log is kept as
    /// `<log>.previous`.
    ///
    /// - Throws: ``CLIError`` when the log file cannot be opened or the executable cannot be started.
    static func start(_ launch: Launch) throws -> ServiceProcess {
        let manager = FileManager.default
        try? manager.removeItem(atPath: launch.readyFilePath)
        // Each run starts a fresh log, so its tail is this run's; the previous run's stays beside it.
        if manager.fileExists(atPath: launch.logPath) {
            try? manager.removeItem(atPath: launch.logPath + ".previous")
            do {
                try manager.moveItem(atPath: launch.logPath, toPath: launch.logPath + ".previous")
            } catch {
                throw CLIError("cannot open the log file \(launch.logPath): \(error)", exitCode: 1, cause: error)
            }
        }
        let log = open(launch.logPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
        guard log >= 0 else {
            throw CLIError(
                "cannot open the log file \(launch.logPath): \(String(cString: strerror(errno)))",
                exitCode: 1
            )
        }
        defer { close(log) }
        let child = try ChildProcess.spawn(
            launch.executable,
            launch.arguments,
            standardOutput: .descriptor(log),
            standardError: .descriptor(log)
        )
        return ServiceProcess(launch: launch, child: child)
    }

    /// The exit status (or the signal that ended it) once the process has exited.
    var exitStatus: Int32? {
        child.termination?.code
    }

    /// How the process ended, for messages: `status 3`, or `signal 9` when a signal ended it; nil while it runs.
    var exitDescription: String? {
        child.termination?.description
    }

    /// Whether the process is still running.
    var isRunning: Bool {
        child.isRunning
    }

    /// Returns when the process has exited, or when the calling task is cancelled.
    func waitForExit() async {
        await child.waitForExit()
    }

    /// Waits at most `timeout` for the process to exit; true if it did.
    func waitForExit(timeout: Duration) async -> Bool {
        await child.waitForExit(timeout: timeout)
    }

    /// Sends `signal` (SIGTERM, SIGKILL, ...) unless the process has already exited.
    func send(_ signal: Int32) {
        child.send(signal)
    }

    /// The last `count` lines of the service's log.
    func logTail(lines count: Int = 20) -> [String] {
        guard let text = try? String(contentsOfFile: launch.logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .reversed().drop { $0.isEmpty }.prefix(count).reversed().map(String.init)
    }
}
