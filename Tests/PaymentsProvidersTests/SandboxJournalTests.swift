import Foundation
import PaymentsDomain
import PaymentsProviders
import Testing
import QuadTestSupport

@Suite("SandboxPaymentProvider's journal: the processor's state outlives the process that calls it")
struct SandboxJournalTests {
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }

    /// Runs `body` with a journal path in a fresh temporary directory, removed afterwards.
    static func withJournalPath(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sandbox-journal-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.appendingPathComponent("payments-sandbox.jsonl").path)
    }

    @Test("a second sandbox on the same journal knows the first one's holds and replays its answers")
    func reopened() async throws {
        try await Self.withJournalPath { path in
            let clock = TestClock()
            // Given a sandbox that held twice, was declined once and saw a flaky token's first attempt
            let first = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)
            let hold = try await first.authorize(
                Self.usd(2_500),
                paymentMethod: "tok_sandbox_visa",
                idempotencyKey: "J1:hold"
            )
            let voided = try await first.authorize(
                Self.usd(1_000),
                paymentMethod: "tok_sandbox_visa",
                idempotencyKey: "J2:hold"
            )
            _ = try await first.void(authorization: voided.id, idempotencyKey: "J2:release")
            let declined = await SandboxPaymentProviderTests.failure { () async throws(ProviderError) in
                try await first.authorize(
                    Self.usd(1_000),
                    paymentMethod: SandboxTokens.insufficientFunds,
                    idempotencyKey: "J3:hold"
                )
            }
            let flaky = await SandboxPaymentProviderTests.failure { () async throws(ProviderError) in
                try await first.authorize(
                    Self.usd(1_000),
                    paymentMethod: SandboxTokens.flaky,
                    idempotencyKey: "J4:hold"
                )
            }
            #expect(flaky?.kind == .unavailable)

            // When the process is gone and a second sandbox opens the same journal
            let second = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)

            // Then it answers the first one's calls again, without a second hold
            let repeated = try await second.authorize(
                Self.usd(2_500),
                paymentMethod: "tok_sandbox_visa",
                idempotencyKey: "J1:hold"
            )
            #expect(repeated == hold)
            let declinedAgain = await SandboxPaymentProviderTests.failure { () async throws(ProviderError) in
                try await second.authorize(
                    Self.usd(1_000),
                    paymentMethod: SandboxTokens.insufficientFunds,
                    idempotencyKey: "J3:hold"
                )
            }
            #expect(declinedAgain == declined)
            #expect(declinedAgain?.kind == .declined(code: "insufficient_funds"))
            // the flaky key's first attempt is remembered: the retry succeeds
            _ = try await second.authorize(
                Self.usd(1_000),
                paymentMethod: SandboxTokens.flaky,
                idempotencyKey: "J4:hold"
            )
            // it captures the first one's hold once, and refuses to capture the voided one
            let captured = try await second.capture(
                Self.usd(2_000),
                authorization: hold.id,
                idempotencyKey: "J1:capture"
            )
            #expect(captured.amount == Self.usd(2_000))
            let voidedCapture = await SandboxPaymentProviderTests.failure { () async throws(ProviderError) in
                try await second.capture(Self.usd(1_000), authorization: voided.id, idempotencyKey: "J2:capture")
            }
            #expect(voidedCapture?.kind == .invalidRequest)
            // and its ids continue after the first one's
            #expect(captured.id != hold.id && captured.id != voided.id)

            // And a third one knows the second one's capture: refunds are checked against it
            let third = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)
            #expect(
                try await third.capture(Self.usd(2_000), authorization: hold.id, idempotencyKey: "J1:capture")
                    == captured
            )
            _ = try await third.refund(Self.usd(2_000), of: captured.id, idempotencyKey: "J1:refund")
            let tooMuch = await SandboxPaymentProviderTests.failure { () async throws(ProviderError) in
                try await third.refund(Self.usd(1), of: captured.id, idempotencyKey: "J1:refund-2")
            }
            #expect(tooMuch?.kind == .invalidRequest)
        }
    }

    @Test("a reopened sandbox knows the payouts sent before, and settles them on time")
    func payoutsOutliveTheProcess() async throws {
        try await Self.withJournalPath { path in
            let clock = TestClock()
            let first = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)
            let payout = try await first.payout(
                Self.usd(500),
                bankAccount: SandboxTokens.bankAccount,
                idempotencyKey: "P1"
            )
            let second = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)
            #expect(try await second.payoutStatus(payout.id) == .inTransit)
            clock.advance(byMicros: SandboxPaymentProvider.defaultPayoutSettlementDelay)
            #expect(
                try await second.payoutStatus(payout.id)
                    == .paid(at: payout.at + SandboxPaymentProvider.defaultPayoutSettlementDelay)
            )
        }
    }

    @Test("a line cut short by a crash is skipped; the lines before and after it are kept")
    func tornLine() async throws {
        try await Self.withJournalPath { path in
            let clock = TestClock()
            let first = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)
            let hold = try await first.authorize(
                Self.usd(2_500),
                paymentMethod: "tok_sandbox_visa",
                idempotencyKey: "J1:hold"
            )
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("[{\"hold\":{\"id\":\"sbx_au".utf8))
            try handle.close()

            let second = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)
            let captured = try await second.capture(
                Self.usd(2_500),
                authorization: hold.id,
                idempotencyKey: "J1:capture"
            )
            #expect(captured.amount == Self.usd(2_500))

            // and what comes after the cut line is read again
            let third = try SandboxPaymentProvider(clock: clock.clock, journalPath: path)
            #expect(
                try await third.capture(Self.usd(2_500), authorization: hold.id, idempotencyKey: "J1:capture")
                    == captured
            )
        }
    }
}
