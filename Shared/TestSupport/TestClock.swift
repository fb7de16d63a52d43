public import Foundation
public import QuadKernel
import Synchronization

/// A settable ``QuadClock`` for tests: time moves only when the test says so.
///
/// ``advance(by:)`` moves the instant and the elapsed time together and wakes the waits that are
/// due, in deadline order (a sweep's interval, an offer's expiry timer). With `waitsAdvance`, a
/// wait instead advances the clock by its own length and returns at once: for code whose waits
/// the test does not drive (a retry's backoff), which then runs without delay while the test
/// still sees the time it took.
public final class TestClock: Sendable {
    /// 2026-09-21T13:46:40Z: a fixed instant, so messages and ids in tests read the same each run.
    public static let defaultStart: Int64 = 1_790_000_000_000_000

    private let wall: Mutex<Int64>
    private let monotonic = ManualClock()
    private let waitsAdvance: Bool

    public init(startMicros: Int64 = TestClock.defaultStart, waitsAdvance: Bool = false) {
        self.wall = Mutex(startMicros)
        self.waitsAdvance = waitsAdvance
    }

    /// The clock to hand to the code under test.
    public var clock: QuadClock {
        QuadClock(
            micros: { self.micros },
            elapsed: { self.elapsed },
            sleep: { duration in
                if self.waitsAdvance {
                    self.advance(by: duration)
                } else {
                    try await self.monotonic.sleep(for: duration)
                }
            }
        )
    }

    /// This clock's instants, with the machine's elapsed time and waits: for a system under test that
    /// runs in real time (retries, rate limits) while the test moves the date (tokens expiring).
    public var instantsOnly: QuadClock {
        let system = QuadClock.system()
        return QuadClock(micros: { self.micros }, elapsed: system.elapsed, sleep: system.sleep)
    }

    /// The number of tasks waiting on this clock: lets a test wait until the code under test has
    /// parked before advancing.
    public var sleeperCount: Int { monotonic.sleeperCount }

    /// Waits (by yielding, not sleeping) until at least `count` tasks wait on this clock.
    public func waitForSleepers(_ count: Int = 1) async {
        await monotonic.waitForSleepers(count)
    }

    /// The instant now, in UTC microseconds.
    public var micros: Int64 { wall.withLock { $0 } }

    /// The instant now as a `Date`.
    public var now: Date { Date(timeIntervalSince1970: Double(micros) / Double(Microseconds.perSecond)) }

    /// Time since the clock was made (the sum of every advance).
    public var elapsed: Duration { monotonic.now.offset }

    /// Moves the instant and the elapsed time forward by `duration`, and wakes the waits now due.
    public func advance(by duration: Duration) {
        wall.withLock { $0 += duration.microseconds }
        monotonic.advance(by: duration)
    }

    /// Moves the clock forward by `micros` microseconds.
    public func advance(byMicros micros: Int64) {
        advance(by: .microseconds(micros))
    }
}
