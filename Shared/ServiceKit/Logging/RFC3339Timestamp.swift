import QuadKernel

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// RFC 3339 timestamps in UTC with microseconds, `2025-03-01T12:00:00.000001Z`: the format of log lines and of
/// Quad's UTC-microsecond times when shown to people.
public enum RFC3339Timestamp {
    /// The current wall-clock time.
    public static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Self.format(microsecondsSinceEpoch: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000)
    }

    /// Formats microseconds since 1970-01-01T00:00:00Z (negative values are before it).
    public static func format(microsecondsSinceEpoch micros: Int64) -> String {
        Microseconds.rfc3339(micros)
    }
}
