/// An injected clock seen as time elapsed since the relay started.
///
/// `any Clock<Duration>` cannot store its own instants without knowing their type; measuring
/// everything as a `Duration` from one start instant keeps deadlines plain values.
struct ElapsedClock: Sendable {
    /// Time elapsed since the clock was wrapped.
    let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given elapsed time; throws when cancelled.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Wraps `clock`, taking its current instant as zero.
    init<C: Clock<Duration>>(_ clock: C) {
        let start = clock.now
        now = { start.duration(to: clock.now) }
        sleepUntil = { elapsed in try await clock.sleep(until: start.advanced(by: elapsed), tolerance: nil) }
    }
}
