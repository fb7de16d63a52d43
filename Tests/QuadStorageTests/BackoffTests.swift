import QuadStorage
import Testing

@Suite("Backoff")
struct BackoffTests {
    @Test(
        "the full wait doubles from 100 ms and is capped at 30 s",
        arguments: [
            (1, 0.1), (2, 0.2), (3, 0.4), (4, 0.8), (5, 1.6), (6, 3.2), (7, 6.4), (8, 12.8), (9, 25.6),
            (10, 30.0), (11, 30.0), (1_000, 30.0),
        ]
    )
    func schedule(failures: Int, expectedSeconds: Double) {
        // Given the default schedule, When the jitter takes nothing off
        let delay = Backoff.defaults.delay(afterFailures: failures, randomUnit: 1)

        // Then the wait is the exponential one, capped
        #expect(abs(seconds(delay) - expectedSeconds) < 1e-9)
    }

    @Test("jitter shortens a wait by at most its fraction, never lengthens it")
    func jitterBounds() {
        // Given the default schedule (20 % jitter)
        let backoff = Backoff.defaults
        var generator = SystemRandomNumberGenerator()
        for failures in 1...12 {
            // When jitter is smallest, largest and random
            let full = seconds(backoff.delay(afterFailures: failures, randomUnit: 1))
            let shortest = seconds(backoff.delay(afterFailures: failures, randomUnit: 0))
            let random = seconds(backoff.delay(afterFailures: failures, using: &generator))

            // Then the wait stays within [80 %, 100 %] of the full wait, and under the cap
            #expect(abs(shortest - full * 0.8) < 1e-9)
            #expect(random >= shortest - 1e-9 && random <= full + 1e-9)
            #expect(full <= 30)
        }
    }

    @Test("a custom schedule uses its own initial wait, factor and cap")
    func customSchedule() {
        // Given 1 s tripling up to 10 s without jitter
        let backoff = Backoff(initial: .seconds(1), factor: 3, maximum: .seconds(10), jitter: 0)

        // When the waits are computed, Then they are 1, 3, 9, 10, 10
        let waits = (1...5).map { seconds(backoff.delay(afterFailures: $0, randomUnit: 0)) }
        #expect(waits == [1, 3, 9, 10, 10])
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
