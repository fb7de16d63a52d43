/// When a run stops waiting for its journeys after the schedule has ended.
///
/// It waits for the journeys that arrived in the measured window only (the cool-down's own are there to keep the
/// load on), until the drain's deadline, and not once no call has finished for a call's whole timeout: every call in
/// flight ends within that (answered or past its deadline), so the journeys still running are all waiting for events
/// that no running journey will cause (a customer whose dasher's journey failed waits for a job that will not move).
/// Those are cancelled and count as failed journeys.
struct RunDrain: Sendable, Hashable {
    /// Why the waiting stopped.
    enum Stop: Sendable, Hashable {
        /// Every journey of the measured window ended.
        case measuredJourneysEnded
        /// The drain's deadline passed.
        case deadline
        /// No call finished for ``idleLimit``.
        case idle
    }

    /// When the drain gives up, in nanoseconds of the run's clock.
    var deadline: UInt64
    /// How long without a call finishing means nothing in flight will move, in nanoseconds.
    var idleLimit: UInt64

    /// Whether to stop waiting at `now`, with `measuredInFlight` journeys of the measured window running and the
    /// last call having finished at `lastCallFinished`; nil to wait on.
    func stop(now: UInt64, measuredInFlight: Int, lastCallFinished: UInt64) -> Stop? {
        if measuredInFlight == 0 { return .measuredJourneysEnded }
        if now >= deadline { return .deadline }
        if now >= lastCallFinished, now - lastCallFinished >= idleLimit { return .idle }
        return nil
    }
}
