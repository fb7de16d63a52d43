import PaymentsDomain
import Testing

@Suite("PaymentIntent: holds, releases and expiry")
struct PaymentIntentHoldTests {
    @Test("authorising places a hold for 7 days and posts it on the customer's hold account")
    func authorize() throws {
        // Given / When
        let (intent, action) = try PaymentIntent.authorize(
            id: "pi_1",
            customer: "cus_1",
            amount: usd(2_500),
            now: newYear
        )

        // Then
        #expect(intent.status == .held)
        #expect(intent.expiresAt == newYear + 7 * day)
        #expect(intent.pendingHold == usd(2_500))
        #expect(intent.totalCharged == usd(0))
        #expect(action.providerCall == .authorize(usd(2_500)))
        #expect(action.postings.count == 1)
        #expect(action.postings[0].kind == .hold)
        #expect(action.postings[0].reference == "pi_1")
        #expect(action.postings[0].postedAt == newYear)
        #expect(
            action.postings[0].entries == [
                .debit(.customerHold(customer: "cus_1"), usd(2_500)), .credit(.cardAuthorizations, usd(2_500)),
            ]
        )
    }

    @Test("the hold's lifetime is configurable")
    func configurableLifetime() throws {
        let configuration = PaymentIntentConfiguration(holdLifetime: Microseconds.perHour)
        let (intent, _) = try PaymentIntent.authorize(
            id: "pi_1",
            customer: "cus_1",
            amount: usd(100),
            now: newYear,
            configuration: configuration
        )
        #expect(intent.expiresAt == newYear + Microseconds.perHour)
    }

    @Test(
        "authorising refuses an empty id or customer and an amount that is not above zero or has a bad currency",
        arguments: [
            ("", "cus_1", usd(100), "payment_intent_id"),
            ("pi_1", " ", usd(100), "customer_id"),
            ("pi_1", "cus_1", usd(0), "amount"),
            ("pi_1", "cus_1", usd(-100), "amount"),
            ("pi_1", "cus_1", Money(minorUnits: 100, currency: "dollars"), "amount.currency"),
        ]
    )
    func authorizeRefusals(id: String, customer: String, amount: Money, field: String) {
        let error = refusal(.invalidArgument) {
            try PaymentIntent.authorize(id: id, customer: customer, amount: amount, now: newYear)
        }
        #expect(error?.field == field)
    }

    @Test("a hold whose expiry would be past the representable time is refused")
    func expiryOverflow() {
        refusal(.outOfRange) {
            try PaymentIntent.authorize(id: "pi_1", customer: "cus_1", amount: usd(100), now: .max - day)
        }
    }

    @Test("releasing gives the whole hold back and voids it at the provider")
    func release() throws {
        // Given
        var intent = try heldIntent()

        // When
        let action = try intent.release(now: newYear + day)

        // Then
        #expect(intent.status == .released)
        #expect(intent.pendingHold == usd(0))
        #expect(action.providerCall == .void)
        #expect(action.postings.map(\.kind) == [.release])
        #expect(
            action.postings[0].entries == [
                .debit(.cardAuthorizations, usd(2_500)), .credit(.customerHold(customer: "cus_1"), usd(2_500)),
            ]
        )
    }

    @Test("a released intent refuses everything, saying a new hold is needed")
    func afterRelease() throws {
        // Given
        var intent = try heldIntent()
        _ = try intent.release(now: newYear)
        let later = newYear + day

        // When / Then
        let capture = refusal(of: intent, .failedPrecondition) { try $0.capture(usd(100), now: later) }
        #expect(
            capture?.message
                == "cannot capture intent pi_1: its hold was released and nothing was captured; place a new hold"
        )
        let again = refusal(of: intent, .failedPrecondition) { try $0.release(now: later) }
        #expect(again?.message == "cannot release the hold of intent pi_1: its hold was released already")
        refusal(of: intent, .failedPrecondition) { try $0.refund(usd(100), now: later) }
        refusal(of: intent, .failedPrecondition) {
            try $0.chargeAboveHold(usd(100), approvedByCustomer: true, now: later)
        }
        refusal(of: intent, .failedPrecondition) { try $0.expire(now: newYear + 8 * day) }
    }

    @Test("a hold is open until just before its expiry, and lapsed from it on")
    func lapse() throws {
        let intent = try heldIntent()
        #expect(intent.status(at: intent.expiresAt - 1) == .held)
        #expect(intent.status(at: intent.expiresAt) == .expired)
        #expect(intent.status == .held)  // as recorded, until expire(now:)

        var lastMoment = intent
        _ = try lastMoment.capture(usd(2_500), now: intent.expiresAt - 1)
        #expect(lastMoment.status == .captured)
    }

    @Test("a lapsed hold refuses capture and release, naming when it expired, before expire(now:) is called")
    func lapsedRefusals() throws {
        // Given: a hold placed at the start of 2025, at its expiry
        let intent = try heldIntent()
        let now = intent.expiresAt

        // When / Then
        let capture = refusal(of: intent, .failedPrecondition) { try $0.capture(usd(100), now: now) }
        #expect(
            capture?.message
                == "cannot capture intent pi_1: its hold expired at 2025-01-08T00:00:00Z and nothing was captured; "
                + "place a new hold"
        )
        refusal(of: intent, .failedPrecondition) { try $0.release(now: now + day) }
        refusal(of: intent, .failedPrecondition) { try $0.refund(usd(100), now: now) }
    }

    @Test("expiring records the lapse from the expiry on, with nothing to ask the provider")
    func expire() throws {
        // Given
        var intent = try heldIntent()

        // When
        let action = try intent.expire(now: intent.expiresAt)

        // Then
        #expect(intent.status == .expired)
        #expect(intent.pendingHold == usd(0))
        #expect(action.providerCall == .none)
        #expect(action.postings.map(\.kind) == [.expiry])
        #expect(action.postings[0].net(for: .customerHold(customer: "cus_1"), in: "USD") == usd(-2_500))
    }

    @Test("expiring is refused before the expiry, after a capture or release, and twice")
    func expireRefusals() throws {
        let held = try heldIntent()
        let early = refusal(of: held, .failedPrecondition) { try $0.expire(now: held.expiresAt - 1) }
        #expect(early?.message == "cannot expire the hold of intent pi_1: its hold runs until 2025-01-08T00:00:00Z")

        let captured = try capturedIntent()
        let afterCapture = refusal(of: captured, .failedPrecondition) { try $0.expire(now: newYear + 30 * day) }
        #expect(
            afterCapture?.message
                == "cannot expire the hold of intent pi_1: it was captured, so its hold can no longer expire"
        )

        var released = held
        _ = try released.release(now: newYear)
        refusal(of: released, .failedPrecondition) { try $0.expire(now: newYear + 30 * day) }

        var expired = held
        _ = try expired.expire(now: held.expiresAt)
        let twice = refusal(of: expired, .failedPrecondition) { try $0.expire(now: newYear + 30 * day) }
        #expect(twice?.message == "cannot expire the hold of intent pi_1: its hold expired already")
        refusal(of: expired, .failedPrecondition) { try $0.capture(usd(1), now: newYear + 30 * day) }
        refusal(of: expired, .failedPrecondition) { try $0.release(now: newYear + 30 * day) }
    }
}
