import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Allocations per call, counted in the server process by ordo-one's malloc-interposer.
///
/// The server runs with `LD_PRELOAD=libMallocInterposerSwift.so` (run.sh's allocation pass,
/// which builds that library from the package dependency) and `--count-allocations FILE`: it
/// counts every malloc from start and, on each SIGUSR1, appends the count so far to FILE. The
/// client sends SIGUSR1 at the measured window's edges (where it reads the server's CPU
/// time), so the difference over the window's calls is the server's allocations per call.
///
/// quad-bench does not link the interposer: its entry points are looked up at run time, so
/// the timing passes run on the system allocator with nothing interposed.
enum AllocationCounter {
    private typealias ControlFunction = @convention(c) () -> Void
    private typealias StatisticsFunction =
        @convention(c) (
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?
        ) -> Void

    /// Keeps the signal source alive for the process's life.
    nonisolated(unsafe) private static var source: (any DispatchSourceSignal)?

    private static func symbol<T>(_ name: String, as type: T.Type) throws -> T {
        // A nil handle is RTLD_DEFAULT: search the preloaded library too.
        guard let address = dlsym(nil, name) else {
            throw UsageError(
                "--count-allocations needs LD_PRELOAD=<bin dir>/libMallocInterposerSwift.so (\(name) not found)"
            )
        }
        return unsafeBitCast(address, to: type)
    }

    static func startCounting(reportingTo path: String) throws {
        let reset = try symbol("malloc_interposer_reset", as: ControlFunction.self)
        let enable = try symbol("malloc_interposer_enable", as: ControlFunction.self)
        let statistics = try symbol("malloc_interposer_get_stats", as: StatisticsFunction.self)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        reset()
        enable()
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        source.setEventHandler {
            var mallocs: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0
            var frees: Int64 = 0, freedBytes: Int64 = 0
            statistics(&mallocs, &bytes, &small, &large, &frees, &freedBytes)
            guard let file = FileHandle(forWritingAtPath: path) else { return }
            file.seekToEndOfFile()
            file.write(Data("\(mallocs)\n".utf8))
            try? file.close()
        }
        source.resume()
        Self.source = source
    }

    /// Asks the server for a snapshot of its count.
    static func requestSnapshot(serverPID: Int32) {
        kill(serverPID, SIGUSR1)
    }

    /// The server's allocations between its first and last snapshot divided by `calls`,
    /// once both snapshots are in the file (waits up to two seconds for them).
    static func perCall(reportFile path: String, snapshots: Int, calls: Int) -> Double? {
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            let counts = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
                .split(separator: "\n").compactMap { Int($0) }
            if counts.count >= snapshots, let first = counts.first, let last = counts.last, calls > 0 {
                return Double(last - first) / Double(calls)
            }
            usleep(20_000)
        }
        return nil
    }
}
