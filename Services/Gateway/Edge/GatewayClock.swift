/// The gateway's time for its protection state machines: `GatewayInstant` (a duration since
/// an origin fixed at start) and the waits between retries. Tests pass a manual one.
public struct GatewayClock: Sendable {
    /// The time now.
    public let now: @Sendable () -> Duration
    /// Waits `duration` (a retry's backoff).
    public let sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// Time since this value was made, on the continuous clock; sleeps are real.
    public static func continuous() -> GatewayClock {
        let origin = ContinuousClock.now
        return GatewayClock(now: { origin.duration(to: .now) }, sleep: { try await Task.sleep(for: $0) })
    }
}
