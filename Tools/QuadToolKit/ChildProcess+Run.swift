import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    /// Which of a child's streams ``run(_:_:capturing:)`` keeps; the other goes to `/dev/null`.
    public enum Capture: Sendable {
        /// Stdout and stderr, interleaved as written.
        case outputAndError
        /// Stderr alone.
        case error
    }

    /// A finished run: how it ended and what it wrote.
    public struct Completed: Sendable {
        /// How the process ended.
        public var termination: Termination
        /// What it wrote to the captured streams.
        public var output: String
    }

    /// Runs `executable` to completion, its stdin `/dev/null`, and returns what it wrote.
    ///
    /// The pipe is read to its end on a thread of its own (so a full pipe never blocks the child, and no cooperative
    /// thread is blocked), then the exit is awaited.
    ///
    /// - Throws: ``CLIError`` when the pipe cannot be made or the executable cannot be started.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        capturing capture: Capture = .outputAndError
    ) async throws -> Completed {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw CLIError("cannot make a pipe for \(executable): \(String(cString: strerror(errno)))", exitCode: 1)
        }
        let (reading, writing) = (descriptors[0], descriptors[1])
        let child: ChildProcess
        do {
            child = try spawn(
                executable,
                arguments,
                standardOutput: capture == .outputAndError ? .descriptor(writing) : .null,
                standardError: .descriptor(writing)
            )
        } catch {
            close(reading)
            close(writing)
            throw error
        }
        close(writing)
        let output = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            Thread.detachNewThread {
                let handle = FileHandle(fileDescriptor: reading, closeOnDealloc: true)
                continuation.resume(returning: handle.readDataToEndOfFile())
            }
        }
        let termination = await child.waitForExit() ?? .exited(-1)
        return Completed(termination: termination, output: String(decoding: output, as: UTF8.self))
    }
}
