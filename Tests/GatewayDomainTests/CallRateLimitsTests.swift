import GatewayDomain
import Testing

@Suite("CallRateLimits")
struct CallRateLimitsTests {
    @Test("the sixth login in a minute from one address is refused with the wait until the next token")
    func sixthLogin() {
        // Given: the default limits, five logins from one address in the first four seconds
        var limits = CallRateLimits()
        let first5 = (0..<5).map { limits.admit(.login, user: nil, address: "10.1.2.3", now: .seconds($0)) }

        // When: a sixth at 10 s
        let sixth = limits.admit(.login, user: nil, address: "10.1.2.3", now: .seconds(10))

        // Then: a token comes back every 12 s, so the next is 2 s away
        #expect(first5 == Array(repeating: .allowed, count: 5))
        #expect(sixth == .refused(retryAfter: .seconds(2)))
        #expect(limits.admit(.login, user: nil, address: "10.1.2.3", now: .seconds(12)) == .allowed)
    }

    @Test("a user's own bucket, checked after sign-in, limits that user from any address")
    func userAfterAddress() {
        // Given: a user allowed 2 calls (burst) and a generous address limit
        var limits = CallRateLimits(configuration: RateLimitConfiguration(perUser: .perMinute(1, burst: 2)))

        // When: the user calls three times, from two addresses
        let first = limits.admitUser("u1", now: .zero)
        let second = limits.admitUser("u1", now: .zero)
        let third = limits.admitUser("u1", now: .zero)

        // Then: the third waits a minute; another user is unaffected
        #expect([first, second] == [.allowed, .allowed])
        #expect(third == .refused(retryAfter: .seconds(60)))
        #expect(limits.admitUser("u2", now: .zero) == .allowed)
        #expect(limits.admit(.standard, user: nil, address: "10.1.2.3", now: .zero) == .allowed)
    }

    @Test("logins from another address are not affected")
    func loginPerAddress() {
        // Given: one address has used its five logins
        var limits = CallRateLimits()
        for _ in 0..<5 { _ = limits.admit(.login, user: nil, address: "10.1.2.3", now: .zero) }

        // When / Then
        #expect(limits.admit(.login, user: nil, address: "10.1.2.3", now: .zero) != .allowed)
        #expect(limits.admit(.login, user: nil, address: "10.9.9.9", now: .zero) == .allowed)
    }

    @Test("the sixth registration from one address waits six minutes; ordinary calls from it still go through")
    func registration() {
        // Given
        var limits = CallRateLimits()
        for _ in 0..<5 { #expect(limits.admit(.registration, user: nil, address: "10.1.2.3", now: .zero) == .allowed) }

        // When
        let sixth = limits.admit(.registration, user: nil, address: "10.1.2.3", now: .zero)
        let ordinary = limits.admit(.standard, user: nil, address: "10.1.2.3", now: .zero)

        // Then
        #expect(sixth == .refused(retryAfter: .seconds(360)))
        #expect(ordinary == .allowed)
    }

    @Test("a call refused by one limit spends nothing from the others")
    func refusalSpendsNothing() {
        // Given: a user's own limit is spent, the address has 3 tokens
        var limits = CallRateLimits(
            configuration: RateLimitConfiguration(
                perUser: .perMinute(1, burst: 1),
                perAddress: .perMinute(1, burst: 3)
            )
        )
        #expect(limits.admit(.standard, user: "ada", address: "10.0.0.1", now: .zero) == .allowed)

        // When: ada calls twice more and is refused
        #expect(
            limits.admit(.standard, user: "ada", address: "10.0.0.1", now: .zero) == .refused(retryAfter: .seconds(60))
        )
        #expect(
            limits.admit(.standard, user: "ada", address: "10.0.0.1", now: .zero) == .refused(retryAfter: .seconds(60))
        )

        // Then: the address still has its two other tokens for the next person behind it
        #expect(limits.admit(.standard, user: "grace", address: "10.0.0.1", now: .zero) == .allowed)
        #expect(limits.admit(.standard, user: "linus", address: "10.0.0.1", now: .zero) == .allowed)
        #expect(
            limits.admit(.standard, user: "ken", address: "10.0.0.1", now: .zero) == .refused(retryAfter: .seconds(60))
        )
    }

    @Test("a signed-in user is limited across addresses")
    func perUserAcrossAddresses() {
        // Given: a user may make 2 calls back to back
        var limits = CallRateLimits(configuration: RateLimitConfiguration(perUser: .perSecond(1, burst: 2)))

        // When / Then: switching address does not help
        #expect(limits.admit(.standard, user: "ada", address: "10.0.0.1", now: .zero) == .allowed)
        #expect(limits.admit(.standard, user: "ada", address: "10.0.0.2", now: .zero) == .allowed)
        #expect(
            limits.admit(.standard, user: "ada", address: "10.0.0.3", now: .zero) == .refused(retryAfter: .seconds(1))
        )
    }

    @Test("a refusal by several limits reports the longest wait")
    func longestWait() {
        // Given: the address's login limit (60 s) and general limit (2 s) both spent
        var limits = CallRateLimits(
            configuration: RateLimitConfiguration(perAddress: .perSecond(1, burst: 1), login: .perMinute(1, burst: 1))
        )
        #expect(limits.admit(.login, user: nil, address: "10.0.0.1", now: .zero) == .allowed)

        // When / Then
        #expect(limits.admit(.login, user: nil, address: "10.0.0.1", now: .zero) == .refused(retryAfter: .seconds(60)))
        #expect(
            limits.admit(.standard, user: nil, address: "10.0.0.1", now: .zero) == .refused(retryAfter: .seconds(1))
        )
    }

    @Test("idle buckets of every limiter are forgotten together")
    func forgetIdle() {
        // Given: one login touching three limiters
        var limits = CallRateLimits()
        _ = limits.admit(.login, user: "ada", address: "10.0.0.1", now: .zero)

        // When / Then: a second later the address and user buckets are full again; the login bucket takes 12 s
        #expect(limits.forgetIdle(now: .seconds(1)) == 2)
        #expect(limits.login.trackedKeys == 1)
        #expect(limits.forgetIdle(now: .seconds(60)) == 1)
    }
}
