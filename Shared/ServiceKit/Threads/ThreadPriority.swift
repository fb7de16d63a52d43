#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scheduling priority of the calling thread, for pools of CPU-heavy background work.
public enum ThreadPriority {
    /// Gives the calling thread the lowest CPU priority (nice 19), so that on a busy machine
    /// the scheduler runs event loops and request handlers first and the background work
    /// takes what is left: a login storm's password hashing then slows itself, not every
    /// other call. Idempotent and cheap (one system call); failures are ignored, since the
    /// work still runs, only at normal priority.
    public static func lowerCurrentThreadToBackground() {
        #if os(Linux)
            // On Linux the nice value is per thread, and `who == 0` names the calling thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #elseif canImport(Darwin)
            _ = setpriority(PRIO_DARWIN_THREAD, 0, PRIO_DARWIN_BG)
        #endif
    }

    /// The calling thread's nice value (Linux), for tests.
    public static var currentThreadNiceValue: Int32? {
        #if os(Linux)
            errno = 0
            let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            return errno == 0 ? value : nil
        #else
            return nil
        #endif
    }
}
