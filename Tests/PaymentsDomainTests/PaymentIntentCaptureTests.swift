import PaymentsDomain
import Testing

@Suite("PaymentIntent: captures and charges above the hold")
struct PaymentIntentCaptureTests {
    @Test("capturing the whole hold moves it to card clearing and ends the hold")
    func captureWhole() throws {
        // Given
        var intent = try heldIntent()

        // When
        let action = try intent.capture(usd(2_500), now: newYear + day)

        // Then
        #expect(intent.status == .captured)
        #expect(intent.captured == usd(2_500))
        #expect(intent.pendingHold == usd(0))
        #expect(action.providerCall == .capture(usd(2_500)))
        #expect(action.postings.map(\.kind) == [.capture])
        let capture = action.postings[0]
        #expect(capture.net(for: .customerHold(customer: "cus_1"), in: "USD") == usd(-2_500))
        #expect(capture.net(for: .cardClearing, in: "USD") == usd(2_500))
        #expect(capture.net(for: .unallocatedReceipts, in: "USD") == usd(2_500))
    }

    @Test("capturing part of the hold releases the rest in a second posting")
    func capturePart() throws {
        // Given
        var intent = try heldIntent()

        // When
        let action = try intent.capture(usd(1_800), now: newYear + day)

        // Then
        #expect(intent.captured == usd(1_800))
        #expect(intent.totalCharged == usd(1_800))
        #expect(action.postings.map(\.kind) == [.capture, .release])
        #expect(action.postings[1].net(for: .customerHold(customer: "cus_1"), in: "USD") == usd(-700))
        #expect(action.postings[1].net(for: .cardClearing, in: "USD") == usd(0))
    }

    @Test("a capture above the hold is refused with both amounts")
    func captureAboveHold() throws {
        let intent = try heldIntent()
        let error = refusal(of: intent, .outOfRange) { try $0.capture(usd(3_000), now: newYear) }
        #expect(
            error?.message
                == "capture of USD 30.00 exceeds the USD 25.00 held on intent pi_1; capture at most the hold, then "
                + "charge the rest above it with the customer's approval"
        )
        #expect(error?.field == "amount")
    }

    @Test(
        "a capture of nothing, less than nothing, another currency or a malformed one is refused",
        arguments: [usd(0), usd(-1), eur(100), Money(minorUnits: 100, currency: "usd")]
    )
    func captureBadAmount(amount: Money) throws {
        let intent = try heldIntent()
        refusal(of: intent, .invalidArgument) { try $0.capture(amount, now: newYear) }
    }

    @Test("a second capture is refused: a capture ends the hold")
    func captureTwice() throws {
        var intent = try heldIntent()
        _ = try intent.capture(usd(1_000), now: newYear)
        let error = refusal(of: intent, .failedPrecondition) { try $0.capture(usd(1_000), now: newYear) }
        #expect(
            error?.message
                == "cannot capture intent pi_1: it was captured already; charge the part above the hold, with the "
                + "customer's approval"
        )
        let release = refusal(of: intent, .failedPrecondition) { try $0.release(now: newYear) }
        #expect(release?.message == "cannot release the hold of intent pi_1: it was captured; refund it instead")
    }

    @Test("with the customer's approval, the part above a whole captured hold is charged, more than once if need be")
    func chargeAboveHold() throws {
        // Given
        var intent = try capturedIntent()

        // When
        let first = try intent.chargeAboveHold(usd(600), approvedByCustomer: true, now: newYear + 2 * day)
        let second = try intent.chargeAboveHold(usd(150), approvedByCustomer: true, now: newYear + 2 * day)

        // Then
        #expect(first.providerCall == .charge(usd(600)))
        #expect(second.postings.map(\.kind) == [.charge])
        #expect(
            second.postings[0].entries == [
                .debit(.cardClearing, usd(150)), .credit(.unallocatedReceipts, usd(150)),
                .debit(.customerCharges(customer: "cus_1"), usd(150)), .credit(.cardCharges, usd(150)),
            ],
            "the charge is on the customer's own account too (their ledger shows it)"
        )
        #expect(intent.chargedAboveHold == usd(750))
        #expect(intent.totalCharged == usd(3_250))
        #expect(intent.refundable == usd(3_250))
    }

    @Test("a charge above the hold without the customer's approval is refused")
    func chargeWithoutApproval() throws {
        let intent = try capturedIntent()
        let error = refusal(of: intent, .failedPrecondition) {
            try $0.chargeAboveHold(usd(500), approvedByCustomer: false, now: newYear)
        }
        #expect(
            error?.message
                == "charging USD 5.00 above the USD 25.00 hold on intent pi_1 needs the customer's approval; ask them, "
                + "then charge again"
        )
    }

    @Test("a charge above the hold before the capture is refused")
    func chargeBeforeCapture() throws {
        let intent = try heldIntent()
        let error = refusal(of: intent, .failedPrecondition) {
            try $0.chargeAboveHold(usd(500), approvedByCustomer: true, now: newYear)
        }
        #expect(
            error?.message
                == "cannot charge above the hold of intent pi_1: its hold has not been captured; capture it first"
        )
    }

    @Test("a charge above the hold after a capture of less than the whole hold is refused")
    func chargeAfterPartialCapture() throws {
        var intent = try heldIntent()
        _ = try intent.capture(usd(2_000), now: newYear)
        let error = refusal(of: intent, .failedPrecondition) {
            try $0.chargeAboveHold(usd(500), approvedByCustomer: true, now: newYear)
        }
        #expect(
            error?.message
                == "cannot charge above the hold of intent pi_1: only USD 20.00 of its USD 25.00 hold was captured and "
                + "the rest released; a charge above the hold only follows a capture of the whole hold"
        )
    }

    @Test("a charge above the hold after a release or an expiry is refused")
    func chargeAfterHoldEnded() throws {
        var released = try heldIntent()
        _ = try released.release(now: newYear)
        refusal(of: released, .failedPrecondition) {
            try $0.chargeAboveHold(usd(1), approvedByCustomer: true, now: newYear)
        }

        let lapsed = try heldIntent()
        refusal(of: lapsed, .failedPrecondition) {
            try $0.chargeAboveHold(usd(1), approvedByCustomer: true, now: lapsed.expiresAt)
        }
    }

    @Test("a charge above the hold of nothing, in another currency, or that overflows the total is refused")
    func chargeBadAmount() throws {
        let intent = try capturedIntent()
        refusal(of: intent, .invalidArgument) { try $0.chargeAboveHold(usd(0), approvedByCustomer: true, now: newYear) }
        refusal(of: intent, .invalidArgument) {
            try $0.chargeAboveHold(eur(10), approvedByCustomer: true, now: newYear)
        }
        refusal(of: intent, .outOfRange) { try $0.chargeAboveHold(usd(.max), approvedByCustomer: true, now: newYear) }
    }
}
