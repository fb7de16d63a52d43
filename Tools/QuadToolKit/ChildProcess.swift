import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, its exit watched by a thread that waits for it alone.
///
/// Foundation's `Process` is not used: on Linux its `run()` can crash the parent (it walks `/proc/self/fd` with an
/// over-read, swift-corelibs-foundation#5472), and it hands the spawning thread's signal mask to the child
/// (swift-corelibs-foundation#4772), so a child started from a Dispatch worker ignored SIGTERM. Here the child starts
/// with every signal unblocked and at its default action, with only the descriptors it is given (0, 1 and 2; every
/// other one is closed in the child), and the parent reaps exactly its own child.
public final class ChildProcess: Sendable {
    /// How a process ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)

        /// The status, or the signal's number.
        public var code: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }

        /// `status 3` or `signal 9`.
        public var description: String {
            switch self {
            case .exited(let status): "status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// Where one of the child's standard descriptors goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// The parent's own descriptor of the same number.
        case inherited
        /// This open descriptor of the parent's (the parent keeps it open; close it after ``spawn(_:_:standardInput:standardOutput:standardError:)``).
        case descriptor(Int32)
    }

    /// The child's process id.
    public let pid: Int32
    private let watch: ExitWatch

    private init(pid: Int32, watch: ExitWatch) {
        self.pid = pid
        self.watch = watch
    }

    /// Starts `executable` with `arguments` and the parent's environment.
    ///
    /// - Throws: ``CLIError`` naming the executable and the system's reason when it cannot be started.
    public static func spawn(
        _ executable: String,
        _ arguments: [String],
        standardInput: Stream = .null,
        standardOutput: Stream = .inherited,
        standardError: Stream = .inherited
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in [standardInput, standardOutput, standardError].enumerated() {
            switch stream {
            case .inherited: break
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions,
                    Int32(number),
                    "/dev/null",
                    number == 0 ? O_RDONLY : O_WRONLY,
                    0
                )
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(number))
            }
        }
        closeFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw CLIError("cannot start \(executable): \(String(cString: strerror(result)))", exitCode: 1)
        }
        let watch = ExitWatch()
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 {
                guard errno == EINTR else {
                    watch.exited(.exited(-1))
                    return
                }
            }
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import: the low 7 bits are the signal
            // (0 for an exit), the next byte the exit status.
            let signal = status & 0x7f
            watch.exited(signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal))
        }
        return ChildProcess(pid: pid, watch: watch)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not
    /// export; without it the child keeps only what was opened without close-on-exec.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else {
                return nil
            }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
            )
        }()

    /// How the process ended; nil while it runs.
    public var termination: Termination? {
        watch.termination
    }

    /// Whether the process is still running.
    public var isRunning: Bool {
        watch.termination == nil
    }

    /// Returns how the process ended once it has, or nil when the calling task is cancelled first.
    @discardableResult
    public func waitForExit() async -> Termination? {
        await watch.wait()
        return watch.termination
    }

    /// Waits at most `timeout` for the process to exit; true if it did.
    public func waitForExit(timeout: Duration) async -> Bool {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.watch.wait() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        return !isRunning
    }

    /// Sends `signal` (SIGTERM, SIGKILL, ...) unless the process has already exited.
    public func send(_ signal: Int32) {
        guard isRunning else { return }
        kill(pid, signal)
    }
}
