import PaymentsDomain
import Testing

@Suite("PaymentIntent: restoring from storage")
struct PaymentIntentRestoreTests {
    /// `intent` rebuilt from its public fields, the ones given replaced.
    func restore(
        _ intent: PaymentIntent,
        status: PaymentIntent.Status? = nil,
        captured: Money? = nil,
        chargedAboveHold: Money? = nil,
        refunded: Money? = nil,
        earningsCredited: Money? = nil,
        expiresAt: Int64? = nil
    ) throws -> PaymentIntent {
        try PaymentIntent(
            restoringID: intent.id,
            customer: intent.customer,
            held: intent.held,
            placedAt: intent.placedAt,
            expiresAt: expiresAt ?? intent.expiresAt,
            status: status ?? intent.status,
            captured: captured ?? intent.captured,
            chargedAboveHold: chargedAboveHold ?? intent.chargedAboveHold,
            refunded: refunded ?? intent.refunded,
            earningsCredited: earningsCredited ?? intent.earningsCredited
        )
    }

    @Test("an intent's public fields rebuild the same intent, in every state")
    func roundTrip() throws {
        var charged = try capturedIntent()
        _ = try charged.chargeAboveHold(usd(300), approvedByCustomer: true, now: newYear)
        _ = try charged.refund(usd(1_000), now: newYear)
        _ = try charged.creditEarnings(EarningsSplit.payee(usd(2_800)), to: "dasher_1", now: newYear)
        var released = try heldIntent()
        _ = try released.release(now: newYear)
        for intent in [try heldIntent(), released, charged] {
            #expect(try restore(intent) == intent)
        }
    }

    @Test("contradicting fields are refused")
    func contradictions() throws {
        let held = try heldIntent()
        let captured = try capturedIntent()
        let cases: [() throws -> PaymentIntent] = [
            { try self.restore(held, captured: usd(100)) },
            { try self.restore(held, expiresAt: held.placedAt) },
            { try self.restore(held, status: .captured) },
            { try self.restore(captured, captured: usd(2_600)) },
            { try self.restore(captured, captured: usd(2_000), chargedAboveHold: usd(100)) },
            { try self.restore(captured, refunded: usd(2_501)) },
            { try self.restore(captured, earningsCredited: usd(2_501)) },
            { try self.restore(captured, refunded: usd(-1)) },
            { try self.restore(captured, refunded: eur(1)) },
        ]
        for make in cases {
            refusal(.invalidArgument) { try make() }
        }
        let error = refusal(.invalidArgument) { try self.restore(captured, refunded: usd(2_501)) }
        #expect(
            error?.message
                == "the stored intent pi_1 is inconsistent: it refunded or credited more than the USD 25.00 it charged"
        )
    }
}
