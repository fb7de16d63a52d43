import PaymentsDomain
import PaymentsProviders
import Synchronization
import QuadTestSupport
import Testing

@Suite("SandboxPaymentProvider: a card processor's behaviour without one")
struct SandboxPaymentProviderTests {
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }
    static let day: Int64 = 24 * 3_600 * 1_000_000

    static func provider(_ clock: TestClock = TestClock()) -> SandboxPaymentProvider {
        SandboxPaymentProvider(clock: clock.clock)
    }

    /// The error `body` throws, if any.
    static func failure<T>(_ body: () async throws(ProviderError) -> T) async -> ProviderError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test("a hold is captured in part, the rest released, and refunded in parts up to what was taken")
    func sunnyDay() async throws {
        let provider = Self.provider()
        let hold = try await provider.authorize(
            Self.usd(2_500),
            paymentMethod: "tok_sandbox_applepay",
            idempotencyKey: "k1"
        )
        #expect(hold.amount == Self.usd(2_500))
        let captured = try await provider.capture(Self.usd(2_000), authorization: hold.id, idempotencyKey: "k2")
        #expect(captured.amount == Self.usd(2_000))
        _ = try await provider.refund(Self.usd(500), of: captured.id, idempotencyKey: "k3")
        _ = try await provider.refund(Self.usd(1_500), of: captured.id, idempotencyKey: "k4")
        let tooMuch = await Self.failure { () async throws(ProviderError) in
            try await provider.refund(Self.usd(1), of: captured.id, idempotencyKey: "k5")
        }
        #expect(tooMuch?.kind == .invalidRequest)
        #expect(tooMuch?.message.contains("USD 0.00 left to refund") == true)
    }

    @Test("declining tokens are declined with their code, nothing held, and a repeat replays the decline")
    func declines() async throws {
        let provider = Self.provider()
        for (token, code) in [
            (SandboxTokens.insufficientFunds, "insufficient_funds"), (SandboxTokens.cardDeclined, "card_declined"),
        ] {
            let first = await Self.failure { () async throws(ProviderError) in
                try await provider.authorize(Self.usd(1_000), paymentMethod: token, idempotencyKey: token)
            }
            #expect(first?.kind == .declined(code: code))
            #expect(first?.isRetryable == false)
            let repeated = await Self.failure { () async throws(ProviderError) in
                try await provider.authorize(Self.usd(1_000), paymentMethod: token, idempotencyKey: token)
            }
            #expect(repeated == first)
        }
    }

    @Test("an outage moves nothing and is retryable; the flaky token succeeds on the retry with the same key, once")
    func outages() async throws {
        let provider = Self.provider()
        let down = await Self.failure { () async throws(ProviderError) in
            try await provider.authorize(Self.usd(1_000), paymentMethod: SandboxTokens.unavailable, idempotencyKey: "a")
        }
        #expect(down?.kind == .unavailable && down?.isRetryable == true)

        let firstTry = await Self.failure { () async throws(ProviderError) in
            try await provider.authorize(Self.usd(1_000), paymentMethod: SandboxTokens.flaky, idempotencyKey: "b")
        }
        #expect(firstTry?.kind == .unavailable)
        let retried = try await provider.authorize(
            Self.usd(1_000),
            paymentMethod: SandboxTokens.flaky,
            idempotencyKey: "b"
        )
        let repeated = try await provider.authorize(
            Self.usd(1_000),
            paymentMethod: SandboxTokens.flaky,
            idempotencyKey: "b"
        )
        #expect(repeated == retried)
        // One hold only: capturing it twice (under two keys) is refused the second time
        _ = try await provider.capture(Self.usd(1_000), authorization: retried.id, idempotencyKey: "c1")
        let twice = await Self.failure { () async throws(ProviderError) in
            try await provider.capture(Self.usd(1_000), authorization: retried.id, idempotencyKey: "c2")
        }
        #expect(twice?.kind == .invalidRequest)
    }

    @Test("an idempotency key reused with other parameters is refused; an empty key is refused")
    func idempotencyKeys() async throws {
        let provider = Self.provider()
        _ = try await provider.authorize(Self.usd(1_000), paymentMethod: "tok_sandbox_visa", idempotencyKey: "same")
        let other = await Self.failure { () async throws(ProviderError) in
            try await provider.authorize(Self.usd(2_000), paymentMethod: "tok_sandbox_visa", idempotencyKey: "same")
        }
        #expect(other?.kind == .invalidRequest)
        #expect(other?.message.contains("idempotency key same") == true)
        let empty = await Self.failure { () async throws(ProviderError) in
            try await provider.authorize(Self.usd(1_000), paymentMethod: "tok_sandbox_visa", idempotencyKey: "")
        }
        #expect(empty?.kind == .invalidRequest)
    }

    @Test("a capture above the hold, a void after a capture and an unknown token are refused")
    func invalidRequests() async throws {
        let provider = Self.provider()
        let hold = try await provider.authorize(Self.usd(1_000), paymentMethod: "tok_sandbox_visa", idempotencyKey: "h")
        let above = await Self.failure { () async throws(ProviderError) in
            try await provider.capture(Self.usd(1_001), authorization: hold.id, idempotencyKey: "c")
        }
        #expect(above?.kind == .invalidRequest)
        _ = try await provider.capture(Self.usd(1_000), authorization: hold.id, idempotencyKey: "c2")
        let void = await Self.failure { () async throws(ProviderError) in
            try await provider.void(authorization: hold.id, idempotencyKey: "v")
        }
        #expect(void?.kind == .invalidRequest)
        let unknown = await Self.failure { () async throws(ProviderError) in
            try await provider.authorize(Self.usd(1_000), paymentMethod: "tok_real_card_4242", idempotencyKey: "u")
        }
        #expect(unknown?.kind == .invalidRequest)
        #expect(unknown?.message.contains("tok_sandbox_visa") == true)
        let zero = await Self.failure { () async throws(ProviderError) in
            try await provider.charge(Self.usd(0), paymentMethod: "tok_sandbox_visa", idempotencyKey: "z")
        }
        #expect(zero?.kind == .invalidRequest)
    }

    @Test("a hold lapses after 7 days: capturing it then is declined authorization_expired; voiding is still allowed")
    func holdsExpire() async throws {
        let clock = TestClock()
        let provider = Self.provider(clock)
        let hold = try await provider.authorize(
            Self.usd(1_000),
            paymentMethod: "tok_sandbox_googlepay",
            idempotencyKey: "h"
        )
        #expect(hold.expiresAt == clock.micros + 7 * Self.day)
        clock.advance(byMicros: 7 * Self.day)
        let late = await Self.failure { () async throws(ProviderError) in
            try await provider.capture(Self.usd(1_000), authorization: hold.id, idempotencyKey: "c")
        }
        #expect(late?.kind == .declined(code: "authorization_expired"))
        _ = try await provider.void(authorization: hold.id, idempotencyKey: "v")
    }

    @Test(
        "a charge above a hold can be refunded; payouts reach the checking token and are declined for a closed account"
    )
    func chargesAndPayouts() async throws {
        let provider = Self.provider()
        let charge = try await provider.charge(Self.usd(700), paymentMethod: "tok_sandbox_visa", idempotencyKey: "ch")
        _ = try await provider.refund(Self.usd(700), of: charge.id, idempotencyKey: "re")
        let paid = try await provider.payout(
            Self.usd(8_500),
            bankAccount: SandboxTokens.bankAccount,
            idempotencyKey: "po"
        )
        #expect(paid.amount == Self.usd(8_500))
        let closed = await Self.failure { () async throws(ProviderError) in
            try await provider.payout(
                Self.usd(100),
                bankAccount: SandboxTokens.closedBankAccount,
                idempotencyKey: "po2"
            )
        }
        #expect(closed?.kind == .declined(code: "account_closed"))
        let unknown = await Self.failure { () async throws(ProviderError) in
            try await provider.payout(Self.usd(100), bankAccount: "bank_elsewhere", idempotencyKey: "po3")
        }
        #expect(unknown?.kind == .invalidRequest)
    }

    @Test("a payout is in transit until the settlement delay, then paid; the returning token's is returned then")
    func payoutsSettle() async throws {
        let clock = TestClock()
        let provider = SandboxPaymentProvider(clock: clock.clock, payoutSettlementDelay: 60_000_000)
        let paid = try await provider.payout(
            Self.usd(500),
            bankAccount: SandboxTokens.bankAccount,
            idempotencyKey: "po1"
        )
        let returned = try await provider.payout(
            Self.usd(300),
            bankAccount: SandboxTokens.returningBankAccount,
            idempotencyKey: "po2"
        )
        #expect(try await provider.payoutStatus(paid.id) == .inTransit)
        #expect(try await provider.payoutStatus(returned.id) == .inTransit)

        clock.advance(byMicros: 59_999_999)
        #expect(try await provider.payoutStatus(paid.id) == .inTransit, "not a microsecond early")
        clock.advance(byMicros: 1)
        #expect(try await provider.payoutStatus(paid.id) == .paid(at: paid.at + 60_000_000))
        let failed = try await provider.payoutStatus(returned.id)
        guard case .failed(let code, _, let at) = failed else {
            Issue.record("the returning token's payout should fail, not \(failed)")
            return
        }
        #expect(code == "could_not_process" && at == returned.at + 60_000_000)
        let unknown = await Self.failure { () async throws(ProviderError) in
            try await provider.payoutStatus("sbx_po_404")
        }
        #expect(unknown?.kind == .invalidRequest)
        #expect(SandboxPaymentProvider.defaultPayoutSettlementDelay == 60_000_000, "documented in payments-sandbox.md")
    }
}
