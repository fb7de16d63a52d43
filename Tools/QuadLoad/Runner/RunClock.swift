/// The run's stopwatch: nanoseconds since the run's start on the continuous clock, and sleeping
/// until such an offset.
public struct RunClock: Sendable {
    /// When the run started.
    public let start: ContinuousClock.Instant

    /// A clock whose zero is `start`.
    public init(start: ContinuousClock.Instant = .now) {
        self.start = start
    }

    /// Nanoseconds since the start.
    public func now() -> UInt64 {
        let elapsed = ContinuousClock.now - start
        let parts = elapsed.components
        guard parts.seconds >= 0 else { return 0 }
        return UInt64(parts.seconds) * 1_000_000_000 + UInt64(parts.attoseconds / 1_000_000_000)
    }

    /// The instant `offset` nanoseconds after the start.
    public func instant(at offset: UInt64) -> ContinuousClock.Instant {
        start + .nanoseconds(Int64(offset))
    }

    /// Sleeps until `offset` nanoseconds after the start (returns at once when that has passed).
    public func sleep(until offset: UInt64) async throws {
        let deadline = instant(at: offset)
        guard deadline > .now else { return }
        try await Task.sleep(until: deadline, tolerance: .microseconds(200), clock: .continuous)
    }
}
