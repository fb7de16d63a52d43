import Foundation
import IdentityDomain
import Testing

@Suite("LoginThrottle")
struct LoginThrottleTests {
    let start = IdentityFixtures.now

    /// `count` failed logins one second apart starting at `start`; the last action.
    func fail(_ throttle: inout LoginThrottle, times count: Int, from start: Date) -> LoginThrottle.FailureAction? {
        var last: LoginThrottle.FailureAction?
        for second in 0..<count {
            let now = start.addingTimeInterval(TimeInterval(second))
            #expect(throttle.loginAttempted(now: now) == .proceed)
            last = throttle.loginFailed(now: now)
        }
        return last
    }

    @Test("the first four failures count down the attempts left")
    func countdown() {
        var throttle = LoginThrottle()
        let actions = (0..<4).map { _ in
            _ = throttle.loginAttempted(now: start)
            return throttle.loginFailed(now: start)
        }
        #expect(actions == [4, 3, 2, 1].map { .refuse(remainingAttempts: $0) })
        #expect(throttle.consecutiveFailures == 4)
        #expect(throttle.lockedUntil == nil)
    }

    @Test("the fifth failure in a row locks for 15 minutes")
    func lockAfterFive() {
        // Given
        var throttle = LoginThrottle()

        // When
        let action = fail(&throttle, times: 5, from: start)

        // Then
        let until = start.addingTimeInterval(4 + 15 * 60)
        #expect(action == .locked(until: until, remaining: .seconds(15 * 60)))
        #expect(throttle.lockedUntil == until)
    }

    @Test("while locked, attempts are refused with the time left, without checking the password")
    func refusedWhileLocked() {
        // Given: locked at start + 4 s until start + 904 s
        var throttle = LoginThrottle()
        _ = fail(&throttle, times: 5, from: start)

        // When: 10 minutes later
        let action = throttle.loginAttempted(now: start.addingTimeInterval(604))

        // Then
        let until = start.addingTimeInterval(904)
        #expect(action == .refuseLocked(until: until, remaining: .seconds(300)))
        let error = IdentityError.accountLocked(remaining: .seconds(300))
        #expect(error.code == .resourceExhausted(retryAfter: .seconds(300)))
        #expect(error.message.contains("5 min"))
    }

    @Test("after the cool-down, logins proceed and the count starts over")
    func coolDownExpires() {
        // Given
        var throttle = LoginThrottle()
        _ = fail(&throttle, times: 5, from: start)
        let afterCoolDown = start.addingTimeInterval(904)

        // When
        let attempt = throttle.loginAttempted(now: afterCoolDown)
        let failure = throttle.loginFailed(now: afterCoolDown)

        // Then
        #expect(attempt == .proceed)
        #expect(failure == .refuse(remainingAttempts: 4))
    }

    @Test("a success resets the count")
    func successResets() {
        var throttle = LoginThrottle()
        _ = fail(&throttle, times: 4, from: start)
        throttle.loginSucceeded()
        #expect(throttle.consecutiveFailures == 0)
        #expect(fail(&throttle, times: 4, from: start.addingTimeInterval(10)) == .refuse(remainingAttempts: 1))
    }

    @Test("a failure that raced past the lock keeps the lock as it is")
    func failureWhileLocked() {
        var throttle = LoginThrottle()
        _ = fail(&throttle, times: 5, from: start)
        let action = throttle.loginFailed(now: start.addingTimeInterval(5))
        #expect(action == .locked(until: start.addingTimeInterval(904), remaining: .seconds(899)))
    }

    @Test("restores from stored fields, and honours a configured cool-down")
    func persistence() {
        // Given: three failures stored
        let configuration = LoginThrottle.Configuration(maximumConsecutiveFailures: 5, coolDown: .seconds(60))
        var throttle = LoginThrottle(consecutiveFailures: 3, lockedUntil: nil, configuration: configuration)

        // When
        _ = throttle.loginAttempted(now: start)
        _ = throttle.loginFailed(now: start)
        _ = throttle.loginAttempted(now: start)
        let action = throttle.loginFailed(now: start)

        // Then
        #expect(action == .locked(until: start.addingTimeInterval(60), remaining: .seconds(60)))
        var restored = LoginThrottle(consecutiveFailures: 0, lockedUntil: throttle.lockedUntil)
        let halfASecondEarly = restored.loginAttempted(now: start.addingTimeInterval(59.5))
        #expect(halfASecondEarly == .refuseLocked(until: start.addingTimeInterval(60), remaining: .milliseconds(500)))
        #expect(restored.loginAttempted(now: start.addingTimeInterval(60)) == .proceed)
    }

    @Test(
        "attempts are counted before the password is checked: the fifth in flight locks, a sixth is refused unchecked"
    )
    func countedBeforeChecking() {
        // Given: five attempts started at once, none answered yet
        var throttle = LoginThrottle()
        let started = (0..<5).map { _ in throttle.loginAttempted(now: start) }

        // When: a sixth arrives, with the right password or not
        let sixth = throttle.loginAttempted(now: start.addingTimeInterval(1))

        // Then: only the five are checked, and the sixth is refused without a check
        #expect(started == Array(repeating: .proceed, count: 5))
        let until = start.addingTimeInterval(15 * 60)
        #expect(sixth == .refuseLocked(until: until, remaining: .seconds(15 * 60 - 1)))
        #expect(throttle.lockedUntil == until)
        #expect(
            throttle.loginFailed(now: start.addingTimeInterval(2))
                == .locked(until: until, remaining: .seconds(15 * 60 - 2))
        )
    }

    @Test("an attempt refused while locked leaves the lock as it is")
    func refusalKeepsLock() {
        var throttle = LoginThrottle()
        _ = fail(&throttle, times: 5, from: start)
        let before = throttle
        for second in [10.0, 100, 903] {
            if case .proceed = throttle.loginAttempted(now: start.addingTimeInterval(second)) {
                Issue.record("an attempt proceeded at +\(second) s while locked")
            }
        }
        #expect(throttle == before)
    }

    @Test("unknown email and wrong password get the same answer")
    func sameAnswer() {
        #expect(IdentityError.invalidCredentials.code == .unauthenticated)
        #expect(!IdentityError.invalidCredentials.message.contains("unknown"))
    }
}
