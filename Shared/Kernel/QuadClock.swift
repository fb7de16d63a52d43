#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one clock every service is given (STYLE 8: time is a dependency). It answers the two
/// questions a service asks of time, and waits:
///
/// - ``micros()``: the instant now, in UTC microseconds since 1970 (``Microseconds``' convention):
///   what is stamped on records and events, and what expiries and windows are measured against;
/// - ``elapsed()``: time since the clock was made, on a monotonic clock that never goes back:
///   what rate limits, breakers and admission measure intervals with;
/// - ``sleep(_:)``: a wait on that monotonic clock (a retry's backoff, a sweep's interval).
///
/// Executables pass ``system()``; tests pass a settable one (QuadTestSupport's `TestClock`) and
/// move time instead of sleeping. Domain types never hold a clock: handlers read it and pass
/// the instants on.
public struct QuadClock: Sendable {
    /// The instant now: UTC microseconds since 1970-01-01T00:00:00Z.
    public let micros: @Sendable () -> Int64
    /// Time since the clock was made, monotonic.
    public let elapsed: @Sendable () -> Duration
    /// Waits `duration` on the monotonic clock; throws when the task is cancelled.
    public let sleep: @Sendable (Duration) async throws -> Void

    public init(
        micros: @escaping @Sendable () -> Int64,
        elapsed: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.micros = micros
        self.elapsed = elapsed
        self.sleep = sleep
    }

    /// The machine's clocks: the realtime clock for instants, the continuous clock (from now)
    /// for elapsed time and waits.
    public static func system() -> QuadClock {
        let origin = ContinuousClock.now
        return QuadClock(
            micros: systemMicros,
            elapsed: { origin.duration(to: .now) },
            sleep: { try await Task.sleep(for: $0) }
        )
    }

    /// The realtime clock in UTC microseconds, without Foundation.
    @Sendable public static func systemMicros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * Microseconds.perSecond + Int64(spec.tv_nsec) / 1_000
    }
}
