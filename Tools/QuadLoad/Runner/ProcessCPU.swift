#if canImport(Glibc)
    import Glibc

    private let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#elseif canImport(Darwin)
    import Darwin

    private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

/// The CPU this process has used so far (user plus system), from `getrusage`.
enum ProcessCPU {
    /// Seconds of CPU, user and system together.
    static func seconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
