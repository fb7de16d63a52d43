import Testing

@testable import quad

/// `quad up`'s decision on each exit, with the instants of the exits given: no processes, no waiting.
@Suite("quad up restart policy")
struct RestartPolicyTests {
    static let start = ContinuousClock.now

    @Test("without --supervise, a service that exits is left down")
    func unsupervised() {
        // Given quad up without --supervise
        var policy = RestartPolicy(supervise: false)
        // When a service exits, then it is not restarted (the others keep running)
        #expect(policy.serviceExited("payments", at: Self.start) == .leaveDown(.notSupervised))
    }

    @Test("with --supervise, restarts a service up to four times a minute and gives up on the fifth exit")
    func givesUpOnTheFifthExit() {
        // Given quad up --supervise
        var policy = RestartPolicy(supervise: true)
        // When payments exits four times within a minute, then it is restarted each time
        for second in 0..<4 {
            #expect(policy.serviceExited("payments", at: Self.start + .seconds(second * 10)) == .restart)
        }
        // And another service's exits are counted apart
        #expect(policy.serviceExited("jobs", at: Self.start + .seconds(45)) == .restart)
        // When it exits a fifth time within the minute, then quad up gives up on it
        #expect(
            policy.serviceExited("payments", at: Self.start + .seconds(50))
                == .leaveDown(.exitedTooOften(count: 5, window: .seconds(60)))
        )
    }

    @Test("forgets exits older than the window")
    func window() {
        // Given four exits of payments in the first half minute
        var policy = RestartPolicy(supervise: true)
        for second in 0..<4 {
            #expect(policy.serviceExited("payments", at: Self.start + .seconds(second * 10)) == .restart)
        }
        // When it exits again 65 s after the first (three of the four still within the minute)
        // Then it is restarted: only the exits within the last minute count
        #expect(policy.serviceExited("payments", at: Self.start + .seconds(65)) == .restart)
        // And with four recent exits, the next within the minute is the fifth
        #expect(
            policy.serviceExited("payments", at: Self.start + .seconds(66))
                == .leaveDown(.exitedTooOften(count: 5, window: .seconds(60)))
        )
    }

    @Test("takes its limits from the caller")
    func customLimits() {
        // Given a policy that allows one exit per second
        var policy = RestartPolicy(supervise: true, limits: .init(maxExits: 2, window: .seconds(1)))
        // Then the first exit is restarted and a second within the second is not
        #expect(policy.serviceExited("identity", at: Self.start) == .restart)
        #expect(policy.serviceExited("identity", at: Self.start + .seconds(2)) == .restart)
        #expect(
            policy.serviceExited("identity", at: Self.start + .milliseconds(2500))
                == .leaveDown(.exitedTooOften(count: 2, window: .seconds(1)))
        )
    }
}
