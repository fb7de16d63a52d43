import Testing

@testable import QuadLoad

/// When a run stops waiting for its journeys after the schedule (issue 11, item 8): a short run must not spend its
/// whole drain on journeys that cannot move.
@Suite("RunDrain")
struct RunDrainTests {
    static let second: UInt64 = 1_000_000_000
    /// A drain that gives up 30 s after the schedule ended at 25 s, and calls time out after 10 s.
    static let drain = RunDrain(deadline: 55 * second, idleLimit: 10 * second)

    @Test("stops as soon as the measured window's journeys have ended, whatever else runs")
    func measuredEnded() {
        #expect(
            Self.drain.stop(now: 25 * Self.second, measuredInFlight: 0, lastCallFinished: 25 * Self.second)
                == .measuredJourneysEnded
        )
    }

    @Test("waits while calls keep finishing, until the deadline")
    func waitsWhileMoving() {
        // Given measured journeys still running, and a call that finished a second ago
        for now in stride(from: 26, through: 54, by: 4).map({ UInt64($0) * Self.second }) {
            #expect(Self.drain.stop(now: now, measuredInFlight: 3, lastCallFinished: now - Self.second) == nil)
        }
        // Then at the deadline it stops
        #expect(
            Self.drain.stop(now: 55 * Self.second, measuredInFlight: 3, lastCallFinished: 54 * Self.second) == .deadline
        )
    }

    @Test("stops once no call has finished for a call's timeout: the journeys left wait for events nothing causes")
    func idle() {
        // Given the last call finished at 29 s, with 29 measured journeys waiting on their feeds
        #expect(Self.drain.stop(now: 38 * Self.second, measuredInFlight: 29, lastCallFinished: 29 * Self.second) == nil)
        // Then 10 s later it stops, long before the deadline
        #expect(
            Self.drain.stop(now: 39 * Self.second, measuredInFlight: 29, lastCallFinished: 29 * Self.second) == .idle
        )
    }
}
