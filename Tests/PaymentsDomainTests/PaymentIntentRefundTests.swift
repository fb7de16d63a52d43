import PaymentsDomain
import PaymentsLaundry
import Testing

@Suite("PaymentIntent: refunds and earnings")
struct PaymentIntentRefundTests {
    @Test("partial refunds add up to a full refund, each posted against card clearing and borne by the platform")
    func cumulativeRefunds() throws {
        // Given
        var intent = try capturedIntent()

        // When
        let first = try intent.refund(usd(1_000), now: newYear + 3 * day)
        let second = try intent.refund(usd(1_500), now: newYear + 4 * day)

        // Then
        #expect(first.providerCall == .refund(usd(1_000)))
        #expect(second.postings.map(\.kind) == [.refund])
        #expect(
            second.postings[0].entries == [
                .debit(.refunds, usd(1_500)), .credit(.cardClearing, usd(1_500)),
                .debit(.cardCharges, usd(1_500)), .credit(.customerCharges(customer: "cus_1"), usd(1_500)),
            ],
            "the refund is given back on the customer's own account (their ledger shows it)"
        )
        #expect(intent.refunded == usd(2_500))
        #expect(intent.refundable == usd(0))
    }

    @Test("a refund above what is left is refused, whatever was refunded before")
    func refundAboveRefundable() throws {
        // Given: USD 20.00 of 25.00 refunded
        var intent = try capturedIntent()
        _ = try intent.refund(usd(2_000), now: newYear)

        // When / Then
        let error = refusal(of: intent, .outOfRange) { try $0.refund(usd(1_000), now: newYear) }
        #expect(
            error?.message
                == "refund of USD 10.00 exceeds the USD 5.00 still refundable on intent pi_1 (USD 25.00 charged, "
                + "USD 20.00 refunded)"
        )
        _ = try intent.refund(usd(500), now: newYear)
        refusal(of: intent, .outOfRange) { try $0.refund(usd(1), now: newYear) }
    }

    @Test("what was charged above the hold is refundable too")
    func refundIncludesChargesAboveHold() throws {
        var intent = try capturedIntent()
        _ = try intent.chargeAboveHold(usd(500), approvedByCustomer: true, now: newYear)
        _ = try intent.refund(usd(3_000), now: newYear)
        #expect(intent.refundable == usd(0))
    }

    @Test("a refund before the capture is refused, pointing at a release")
    func refundBeforeCapture() throws {
        let intent = try heldIntent()
        let error = refusal(of: intent, .failedPrecondition) { try $0.refund(usd(100), now: newYear) }
        #expect(error?.message == "cannot refund intent pi_1: nothing was captured; release the hold instead")
    }

    @Test("a refund of nothing or in another currency is refused", arguments: [usd(0), usd(-5), eur(100)])
    func refundBadAmount(amount: Money) throws {
        let intent = try capturedIntent()
        refusal(of: intent, .invalidArgument) { try $0.refund(amount, now: newYear) }
    }

    @Test("crediting earnings passes the worker's total to their balance and the platform's part to revenue")
    func creditEarnings() throws {
        // Given: a USD 25.00 capture and the split of a USD 25.00 quote
        var intent = try capturedIntent()
        let quote = try LaundryQuote.estimate(
            loads: 2,
            washerPrice: usd(175),
            dryerPrice: usd(150),
            addOns: [.folding, .ironing]
        )

        // When
        let action = try intent.creditEarnings(quote.split, to: "dasher_1", now: newYear)

        // Then
        #expect(action.providerCall == .none)
        #expect(action.postings.map(\.kind) == [.earnings, .platformFee])
        #expect(
            action.postings[0].entries == [
                .debit(.unallocatedReceipts, usd(2_138)), .credit(.userBalance(user: "dasher_1"), usd(2_138)),
            ]
        )
        #expect(
            action.postings[1].entries == [.debit(.unallocatedReceipts, usd(362)), .credit(.platformRevenue, usd(362))]
        )
        #expect(intent.earningsCredited == usd(2_500))
        #expect(intent.uncredited == usd(0))
    }

    @Test("a part of the split that is zero gets no posting")
    func zeroPartsOmitted() throws {
        var intent = try capturedIntent()
        let action = try intent.creditEarnings(EarningsSplit.payee(usd(2_500)), to: "member_2", now: newYear)
        #expect(action.postings.map(\.kind) == [.earnings])
    }

    @Test("crediting more than was charged and not yet credited is refused")
    func creditAboveUncredited() throws {
        var intent = try capturedIntent()
        _ = try intent.creditEarnings(EarningsSplit.payee(usd(2_000)), to: "dasher_1", now: newYear)
        let error = refusal(of: intent, .outOfRange) {
            try $0.creditEarnings(EarningsSplit.payee(usd(501)), to: "dasher_1", now: newYear)
        }
        #expect(
            error?.message == "crediting USD 5.01 exceeds the USD 5.00 charged and not yet credited on intent pi_1"
        )
    }

    @Test("crediting earnings is refused before a capture, for no worker, for nothing, and in another currency")
    func creditRefusals() throws {
        let held = try heldIntent()
        let split = try EarningsSplit.payee(usd(100))
        let early = refusal(of: held, .failedPrecondition) {
            try $0.creditEarnings(split, to: "dasher_1", now: newYear)
        }
        #expect(
            early?.message
                == "cannot credit earnings from intent pi_1: its hold has not been captured; capture it first"
        )

        let captured = try capturedIntent()
        #expect(
            refusal(of: captured, .invalidArgument) { try $0.creditEarnings(split, to: "", now: newYear) }?.field
                == "worker_id"
        )
        refusal(of: captured, .invalidArgument) {
            try $0.creditEarnings(EarningsSplit.payee(usd(0)), to: "dasher_1", now: newYear)
        }
        refusal(of: captured, .invalidArgument) {
            try $0.creditEarnings(EarningsSplit.payee(eur(100)), to: "dasher_1", now: newYear)
        }
    }
}
