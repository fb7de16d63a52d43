import GatewayDomain
import Testing

@Suite("DeadlinePolicy")
struct DeadlinePolicyTests {
    @Test(
        "a call gets the client's timeout up to 30 s, and 10 s when it asked for none",
        arguments: [
            (Duration?.none, Duration.seconds(10)), (.milliseconds(250), .milliseconds(250)),
            (.seconds(30), .seconds(30)),
            (.seconds(3600), .seconds(30)), (.zero, .zero), (.seconds(-1), .zero),
        ]
    )
    func effectiveTimeout(requested: Duration?, effective: Duration) {
        #expect(DeadlinePolicy.defaults.effectiveTimeout(requested: requested) == effective)
    }

    @Test("the next hop gets what remains of the deadline")
    func forwardsRemaining() {
        // Given: a call arriving at 3 s asking for 2 s
        let deadline = DeadlinePolicy.defaults.deadline(requested: .seconds(2), now: .seconds(3))

        // When / Then: 1.5 s later, 500 ms remain
        #expect(deadline == .seconds(5))
        #expect(
            DeadlinePolicy.remaining(deadline: deadline, now: .milliseconds(4_500)) == .remaining(.milliseconds(500))
        )
    }

    @Test(
        "a call whose deadline has passed, or is due right now, is expired: the upstream is not called",
        arguments: [Duration.seconds(5), .seconds(5) + .nanoseconds(1), .seconds(60)]
    )
    func expired(now: Duration) {
        #expect(DeadlinePolicy.remaining(deadline: .seconds(5), now: now) == .expired)
    }

    @Test("a client asking for no time at all is expired at once")
    func zeroTimeout() {
        let policy = DeadlinePolicy(defaultTimeout: .seconds(1), maximumTimeout: .seconds(2))
        let deadline = policy.deadline(requested: .zero, now: .seconds(7))
        #expect(DeadlinePolicy.remaining(deadline: deadline, now: .seconds(7)) == .expired)
    }
}
