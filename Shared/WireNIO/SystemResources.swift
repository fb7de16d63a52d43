#if canImport(Glibc)
    import Glibc
#endif

/// What a server asks of the operating system: its descriptor limit, and giving freed memory back
/// (`malloc_trim(0)` where the C library has it, glibc, looked up at run time: Swift's Glibc
/// module does not import `malloc.h`; elsewhere a no-op).
enum SystemResources {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: Trim.self)
        #else
            return nil
        #endif
    }()

    /// Returns free memory to the system; blocks for as long as that takes (run it off event loops).
    static func releaseFreeMemory() {
        _ = trim?(0)
    }

    /// The process's soft limit on open file descriptors, if it can be read.
    static func descriptorLimit() -> Int? {
        #if canImport(Glibc)
            var limit = rlimit()
            guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
            else { return nil }
            return Int(clamping: limit.rlim_cur)
        #else
            return nil
        #endif
    }
}
