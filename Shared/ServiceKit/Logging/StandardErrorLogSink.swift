import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes log lines to the process's standard error, one `write(2)` loop per line under a lock so lines from
/// concurrent loggers never interleave.
///
/// The write is synchronous, like swift-log's own `StreamLogHandler`: a line is small and standard error is
/// a pipe or a terminal. A reader that stops reading would stall the writer; that is the price of not losing
/// or reordering lines.
public final class StandardErrorLogSink: LogSink {
    /// The process-wide sink.
    public static let shared = StandardErrorLogSink()

    private let lock = Mutex(())

    private init() {}

    /// Writes the whole line, retrying short writes and interrupted calls.
    public func write(line: [UInt8]) {
        self.lock.withLock { _ in
            line.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Self.systemWrite(buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0, errno == EINTR {
                        continue
                    } else {
                        return  // Standard error is gone; there is nowhere left to report it.
                    }
                }
            }
        }
    }

    private static func systemWrite(_ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            return Darwin.write(STDERR_FILENO, pointer, count)
        #elseif canImport(Glibc)
            return Glibc.write(STDERR_FILENO, pointer, count)
        #else
            return Musl.write(STDERR_FILENO, pointer, count)
        #endif
    }
}
