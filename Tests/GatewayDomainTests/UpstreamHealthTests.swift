import GatewayDomain
import Testing
import QuadTestSupport

@Suite("UpstreamHealth")
struct UpstreamHealthTests {
    /// Ejects the instance `times` times in a row, each time as soon as it became half-open; returns the last
    /// ejection's action and when it happened.
    @discardableResult
    func eject(
        _ health: inout UpstreamHealth,
        times: Int,
        from start: GatewayInstant = .zero
    ) -> (action: UpstreamHealth.Action, at: GatewayInstant) {
        var now = start
        var last = UpstreamHealth.Action.none
        for _ in 0..<times {
            if case .ejected(let until) = health.status(now: now) { now = until }
            if health.status(now: now) == .halfOpen {
                #expect(health.admit(now: now) == .trial)
                last = health.connectFailed(now: now)
            } else {
                for _ in 0..<3 { last = health.connectFailed(now: now) }
            }
        }
        return (last, now)
    }

    @Test("two failures leave the instance in; the third ejects it for a second")
    func thirdFailureEjects() {
        // Given: a connect failure and an UNAVAILABLE
        var health = UpstreamHealth()
        #expect(health.connectFailed(now: .zero) == .none)
        #expect(health.callFinished(.unavailable, now: .milliseconds(10)) == .none)
        #expect(health.isAvailable(now: .milliseconds(10)))

        // When
        let action = health.connectFailed(now: .milliseconds(20))

        // Then
        #expect(action == .ejected(until: .milliseconds(1_020), ejections: 1))
        #expect(health.status(now: .milliseconds(20)) == .ejected(until: .milliseconds(1_020)))
        #expect(!health.isAvailable(now: .milliseconds(20)))
    }

    @Test(
        "an answer between failures starts the count over",
        arguments: [UpstreamOutcome.success, .resourceExhausted, .otherFailure]
    )
    func answerResetsCount(outcome: UpstreamOutcome) {
        // Given: two failures, then an answer
        var health = UpstreamHealth()
        _ = health.connectFailed(now: .zero)
        _ = health.connectFailed(now: .zero)
        #expect(health.callFinished(outcome, now: .zero) == .none)

        // When / Then: two more failures are not three in a row
        #expect(health.connectFailed(now: .zero) == .none)
        #expect(health.connectFailed(now: .zero) == .none)
        #expect(health.status(now: .zero) == .healthy)
    }

    @Test(
        "cancelled calls and expired deadlines neither count as failures nor reset the count while healthy",
        arguments: [UpstreamOutcome.cancelled, .deadlineExceeded]
    )
    func neutralWhileHealthy(outcome: UpstreamOutcome) {
        // Given: two failures
        var health = UpstreamHealth()
        _ = health.connectFailed(now: .zero)
        _ = health.connectFailed(now: .zero)

        // When: five neutral results
        for _ in 0..<5 { #expect(health.callFinished(outcome, now: .zero) == .none) }

        // Then: the next failure is still the third in a row
        #expect(health.connectFailed(now: .zero) == .ejected(until: .seconds(1), ejections: 1))
    }

    @Test("an ejected instance is skipped until its ejection ends, then lets exactly one trial through")
    func skipThenTrial() {
        // Given
        var health = UpstreamHealth()
        eject(&health, times: 1)

        // When / Then
        #expect(health.admit(now: .milliseconds(999)) == .skip)
        #expect(health.isAvailable(now: .seconds(1)))
        #expect(health.status(now: .seconds(1)) == .halfOpen)
        #expect(health.admit(now: .seconds(1)) == .trial)
        #expect(!health.isAvailable(now: .seconds(1)))
        #expect(health.admit(now: .seconds(1)) == .skip)
    }

    @Test("a successful trial readmits the instance")
    func trialSucceeds() {
        // Given: a trial call after the ejection
        var health = UpstreamHealth()
        eject(&health, times: 1)
        #expect(health.admit(now: .seconds(2)) == .trial)

        // When / Then
        #expect(health.callFinished(.success, now: .seconds(2)) == .readmitted)
        #expect(health.status(now: .seconds(2)) == .healthy)
        #expect(health.admit(now: .seconds(2)) == .proceed)
    }

    @Test(
        "a failed trial ejects the instance again for twice as long",
        arguments: [UpstreamOutcome.unavailable, .deadlineExceeded]
    )
    func trialFails(outcome: UpstreamOutcome) {
        // Given: ejected for 1 s at 0 s, a trial at 1 s
        var health = UpstreamHealth()
        eject(&health, times: 1)
        #expect(health.admit(now: .seconds(1)) == .trial)

        // When / Then
        #expect(health.callFinished(outcome, now: .seconds(1)) == .ejected(until: .seconds(3), ejections: 2))
    }

    @Test(
        "each ejection in a row doubles the wait, up to 30 s: an instance ejected three times waits 4 s",
        arguments: [(1, 1), (2, 2), (3, 4), (4, 8), (5, 16), (6, 30), (7, 30), (100, 30)]
    )
    func ejectionDoubles(ejections: Int, seconds: Int) {
        // Given / When: ejected again at each trial
        var health = UpstreamHealth()
        let (action, ejectedAt) = eject(&health, times: ejections, from: .seconds(5))

        // Then
        #expect(action == .ejected(until: ejectedAt + .seconds(seconds), ejections: ejections))
        #expect(health.status(now: ejectedAt) == .ejected(until: ejectedAt + .seconds(seconds)))
    }

    @Test("after 60 s healthy, the next ejection counts as the first again; before that, it doubles")
    func ejectionMemory() {
        // Given: ejected twice, readmitted at 3 s
        var forgetful = UpstreamHealth()
        eject(&forgetful, times: 2)
        #expect(forgetful.admit(now: .seconds(3)) == .trial)
        #expect(forgetful.callFinished(.success, now: .seconds(3)) == .readmitted)
        var remembering = forgetful

        // When: three failures 60 s later, or 59 s later
        for _ in 0..<2 { _ = forgetful.connectFailed(now: .seconds(63)) }
        for _ in 0..<2 { _ = remembering.connectFailed(now: .seconds(62)) }

        // Then
        #expect(forgetful.connectFailed(now: .seconds(63)) == .ejected(until: .seconds(64), ejections: 1))
        #expect(remembering.connectFailed(now: .seconds(62)) == .ejected(until: .seconds(66), ejections: 3))
    }

    @Test("a cancelled trial frees the slot for another trial")
    func cancelledTrial() {
        // Given: a trial in flight
        var health = UpstreamHealth()
        eject(&health, times: 1)
        #expect(health.admit(now: .seconds(1)) == .trial)

        // When: its client cancels
        #expect(health.callFinished(.cancelled, now: .seconds(1)) == .none)

        // Then
        #expect(health.admit(now: .seconds(1)) == .trial)
    }

    @Test("a trial never reported is presumed lost after 10 s, and another is allowed")
    func lostTrial() {
        // Given: a trial at 1 s whose result never comes
        var health = UpstreamHealth()
        eject(&health, times: 1)
        #expect(health.admit(now: .seconds(1)) == .trial)

        // When / Then
        #expect(health.admit(now: .seconds(11) - .nanoseconds(1)) == .skip)
        #expect(health.isAvailable(now: .seconds(11)))
        #expect(health.admit(now: .seconds(11)) == .trial)
    }

    @Test(
        "results of calls in flight when the instance was ejected neither extend nor end the ejection",
        arguments: [UpstreamOutcome.unavailable, .success, .otherFailure]
    )
    func staleResults(outcome: UpstreamOutcome) {
        // Given: ejected until 1 s
        var health = UpstreamHealth()
        eject(&health, times: 1)

        // When: a call that was already in flight ends
        #expect(health.callFinished(outcome, now: .milliseconds(500)) == .none)

        // Then
        #expect(health.status(now: .milliseconds(500)) == .ejected(until: .seconds(1)))
    }

    @Test("a health probe answering SERVING readmits the instance at once; a failed probe counts as a failure")
    func probes() {
        // Given: ejected until 1 s
        var health = UpstreamHealth()
        eject(&health, times: 1)

        // When / Then: a probe succeeds at 500 ms
        #expect(health.probeSucceeded(now: .milliseconds(500)) == .readmitted)
        #expect(health.status(now: .milliseconds(500)) == .healthy)
        #expect(health.probeSucceeded(now: .seconds(1)) == .none)

        // When / Then: three probes fail soon after: the second ejection in a row, 2 s
        for _ in 0..<2 { _ = health.probeFailed(now: .seconds(2)) }
        #expect(health.probeFailed(now: .seconds(2)) == .ejected(until: .seconds(4), ejections: 2))
    }

    @Test(
        "over random events, admission agrees with isAvailable and ejections stay within 1–30 s",
        arguments: randomSeeds
    )
    func randomizedInvariants(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var health = UpstreamHealth()
        var now = Duration.zero
        for _ in 0..<5_000 {
            now += .milliseconds(Int.random(in: 0...400, using: &random))

            // Then: what a caller is told and what it gets agree
            var probe = health
            let admission = probe.admit(now: now)
            #expect((admission != .skip) == health.isAvailable(now: now))
            switch health.status(now: now) {
            case .healthy: #expect(admission == .proceed)
            case .ejected: #expect(admission == .skip)
            case .halfOpen: #expect(admission != .proceed)
            }

            // When: a random event
            let action: UpstreamHealth.Action
            switch Int.random(in: 0..<5, using: &random) {
            case 0: _ = health.admit(now: now); action = .none
            case 1: action = health.connectFailed(now: now)
            case 2: action = health.probeSucceeded(now: now)
            default: action = health.callFinished(UpstreamOutcome.allCases.randomElement(using: &random)!, now: now)
            }
            if case .ejected(let until, _) = action {
                #expect(until - now >= .seconds(1) && until - now <= .seconds(30))
            }
        }
    }
}
