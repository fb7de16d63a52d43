import PaymentsDomain
import PaymentsLaundry
import Testing

@Suite("Ledger")
struct LedgerTests {
    @Test("a laundry job end to end: hold, capture, charge above the hold, earnings, payout, refund")
    func laundryJob() throws {
        // Given: a USD 25.00 estimate held, a final price of USD 28.75 (within twice the estimate: pre-approved)
        var ledger = Ledger()
        let estimate = try LaundryQuote.estimate(
            loads: 2,
            washerPrice: usd(175),
            dryerPrice: usd(150),
            addOns: [.folding, .ironing]
        )
        var (intent, hold) = try PaymentIntent.authorize(
            id: "pi_1",
            customer: "cus_1",
            amount: estimate.total,
            now: newYear
        )
        try ledger.post(hold.postings)
        #expect(ledger.pendingHolds(ofCustomer: "cus_1", in: "USD") == usd(2_500))
        let final = try LaundryQuote.final(actualLoads: 3, machineCost: usd(1_025), addOns: [.folding, .ironing])
        #expect(final.total == usd(2_875))
        #expect(!final.needsApproval(against: estimate))

        // When: drop-off captures the hold and charges the rest, then credits the dasher; the dasher is paid out
        try ledger.post(try intent.capture(estimate.total, now: newYear + day).postings)
        let rest = try final.total.subtracting(estimate.total)
        try ledger.post(try intent.chargeAboveHold(rest, approvedByCustomer: true, now: newYear + day).postings)
        try ledger.post(try intent.creditEarnings(final.split, to: "dasher_1", now: newYear + day).postings)
        let payout = try Payout(
            id: "po_1",
            user: "dasher_1",
            amount: usd(2_000),
            bankToken: "btok_ok",
            requestedAt: newYear + 2 * day
        )
        try ledger.payOut(payout)

        // Then
        let dasherLeft = try final.split.workerTotal.subtracting(usd(2_000))
        #expect(ledger.pendingHolds(ofCustomer: "cus_1", in: "USD") == usd(0))
        #expect(ledger.balance(of: .cardClearing, in: "USD") == usd(2_875))
        #expect(ledger.balance(of: .unallocatedReceipts, in: "USD") == usd(0))
        #expect(ledger.availableBalance(ofUser: "dasher_1", in: "USD") == dasherLeft)
        #expect(ledger.paidOut(toUser: "dasher_1", in: "USD") == usd(2_000))
        #expect(ledger.balance(of: .payoutsInTransit, in: "USD") == usd(2_000))
        #expect(ledger.balance(of: .platformRevenue, in: "USD") == final.split.platformRevenue)
        #expect(ledger.isBalanced)

        // When: a partial refund, borne by the platform
        try ledger.post(try intent.refund(usd(500), now: newYear + 3 * day).postings)

        // Then
        #expect(ledger.balance(of: .refunds, in: "USD") == usd(500))
        #expect(ledger.balance(of: .cardClearing, in: "USD") == usd(2_375))
        #expect(ledger.availableBalance(ofUser: "dasher_1", in: "USD") == dasherLeft)
        #expect(ledger.isBalanced)
    }

    @Test("the trial balance lists every account per currency and sums debits and credits per currency")
    func trialBalance() throws {
        // Given: a USD hold and a EUR capture
        var ledger = Ledger()
        let (_, usdHold) = try PaymentIntent.authorize(id: "pi_1", customer: "cus_1", amount: usd(1_000), now: newYear)
        var (euros, eurHold) = try PaymentIntent.authorize(
            id: "pi_2",
            customer: "cus_2",
            amount: eur(500),
            now: newYear
        )
        try ledger.post(usdHold.postings + eurHold.postings)
        try ledger.post(try euros.capture(eur(500), now: newYear).postings)

        // When
        let trial = ledger.trialBalance()

        // Then
        #expect(trial.isBalanced)
        #expect(trial.totals.map(\.currency) == ["EUR", "USD"])
        #expect(trial.totals.map(\.debits) == [2_000, 1_000])
        #expect(trial.totals.map(\.credits) == [2_000, 1_000])
        let eurRows = trial.rows.filter { $0.currency == "EUR" }
        #expect(
            eurRows.map(\.account) == [
                .cardAuthorizations, .cardCharges, .cardClearing, .customerCharges(customer: "cus_2"),
                .customerHold(customer: "cus_2"), .unallocatedReceipts,
            ]
        )
        #expect(eurRows.map(\.balance) == [eur(0), eur(500), eur(500), eur(500), eur(0), eur(500)])
    }

    @Test("a ledger rebuilt from its postings is the same ledger")
    func rebuild() throws {
        var ledger = Ledger()
        var (intent, hold) = try PaymentIntent.authorize(id: "pi_1", customer: "cus_1", amount: usd(900), now: newYear)
        try ledger.post(hold.postings)
        try ledger.post(try intent.capture(usd(400), now: newYear).postings)
        #expect(try Ledger(postings: ledger.postings) == ledger)
    }

    @Test("postings whose totals would overflow are refused as a whole, leaving the books unchanged")
    func overflow() throws {
        // Given: an account near the largest total
        var ledger = Ledger()
        let big = try Posting(
            kind: .charge,
            reference: "pi_1",
            postedAt: newYear,
            entries: [.debit(.cardClearing, usd(.max - 10)), .credit(.unallocatedReceipts, usd(.max - 10))]
        )
        try ledger.post(big)
        let small = try Posting(
            kind: .charge,
            reference: "pi_2",
            postedAt: newYear,
            entries: [.debit(.refunds, usd(5)), .credit(.platformRevenue, usd(5))]
        )
        let tooMuch = try Posting(
            kind: .charge,
            reference: "pi_3",
            postedAt: newYear,
            entries: [.debit(.cardClearing, usd(20)), .credit(.unallocatedReceipts, usd(20))]
        )

        // When / Then: the batch with a posting that overflows is refused whole
        refusal(of: ledger, .outOfRange) { try $0.post([small, tooMuch]) }
        // and a posting that would push the currency's total past Int64 is refused too
        refusal(of: ledger, .outOfRange) { try $0.post(tooMuch) }
        refusal(of: ledger, .outOfRange) {
            try $0.post(
                try Posting(
                    kind: .charge,
                    reference: "pi_4",
                    postedAt: newYear,
                    entries: [.debit(.refunds, usd(11)), .credit(.platformRevenue, usd(11))]
                )
            )
        }
        try ledger.post(small)
        #expect(ledger.isBalanced)
    }

    @Test("accounts with no entries have a zero balance")
    func emptyBalances() {
        let ledger = Ledger()
        #expect(ledger.balance(of: .cardClearing, in: "USD") == usd(0))
        #expect(ledger.availableBalance(ofUser: "nobody", in: "EUR") == eur(0))
        #expect(ledger.paidOut(toUser: "nobody", in: "USD") == usd(0))
        #expect(ledger.trialBalance().rows.isEmpty)
        #expect(ledger.isBalanced)
    }
}
