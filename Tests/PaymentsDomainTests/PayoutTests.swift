import PaymentsDomain
import Testing

@Suite("Payouts and transfers")
struct PayoutTests {
    /// Books where `user` has earned `amount` from a captured intent.
    func ledger(crediting amount: Money, to user: String = "dasher_1") throws -> Ledger {
        var ledger = Ledger()
        var (intent, hold) = try PaymentIntent.authorize(id: "pi_1", customer: "cus_1", amount: amount, now: newYear)
        try ledger.post(hold.postings)
        try ledger.post(try intent.capture(amount, now: newYear).postings)
        try ledger.post(try intent.creditEarnings(EarningsSplit.payee(amount), to: user, now: newYear).postings)
        return ledger
    }

    func payout(_ amount: Money, id: String = "po_1") throws -> Payout {
        try Payout(id: id, user: "dasher_1", amount: amount, bankToken: "btok_1", requestedAt: newYear + day)
    }

    @Test("a payout of available earnings moves them to payouts in transit")
    func payOut() throws {
        // Given
        var books = try ledger(crediting: usd(3_000))

        // When
        let posting = try books.payOut(try payout(usd(3_000)))

        // Then
        #expect(posting.kind == .payout)
        #expect(posting.reference == "po_1")
        #expect(
            posting.entries == [
                .debit(.userBalance(user: "dasher_1"), usd(3_000)), .credit(.payoutsInTransit, usd(3_000)),
            ]
        )
        #expect(books.availableBalance(ofUser: "dasher_1", in: "USD") == usd(0))
        #expect(books.paidOut(toUser: "dasher_1", in: "USD") == usd(3_000))
    }

    @Test("a payout above the available earnings is refused, the books unchanged")
    func payoutAboveAvailable() throws {
        var books = try ledger(crediting: usd(3_000))
        try books.payOut(try payout(usd(2_000)))
        let error = refusal(of: books, .outOfRange) { try $0.payOut(try payout(usd(1_001), id: "po_2")) }
        #expect(error?.message == "payout po_2 of USD 10.01 exceeds the USD 10.00 available to user dasher_1")
        refusal(of: books, .outOfRange) {
            try $0.payOut(try Payout(id: "po_3", user: "dasher_1", amount: eur(1), bankToken: "b", requestedAt: 0))
        }
    }

    @Test(
        "a payout of nothing, or with no bank token, id or user, is refused",
        arguments: [
            ("po_1", "dasher_1", usd(0), "btok", "amount"),
            ("po_1", "dasher_1", usd(-1), "btok", "amount"),
            ("", "dasher_1", usd(1), "btok", "payout_id"),
            ("po_1", "", usd(1), "btok", "user_id"),
            ("po_1", "dasher_1", usd(1), "", "bank_token"),
        ]
    )
    func payoutRefusals(id: String, user: String, amount: Money, token: String, field: String) {
        let error = refusal(.invalidArgument) {
            try Payout(id: id, user: user, amount: amount, bankToken: token, requestedAt: newYear)
        }
        #expect(error?.field == field)
    }

    @Test("a payout checked against a balance in another currency is refused")
    func payoutCurrencyMismatch() throws {
        let request = try payout(usd(100))
        refusal(.invalidArgument) { try request.posting(available: eur(1_000)) }
    }

    @Test("a transfer moves part of one user's balance to another's")
    func transfer() throws {
        // Given
        var books = try ledger(crediting: usd(5_000), to: "member_1")

        // When
        let posting = try books.transfer(
            try Transfer(id: "tr_1", fromUser: "member_1", toUser: "member_2", amount: usd(1_250), requestedAt: newYear)
        )

        // Then
        #expect(posting.kind == .transfer)
        #expect(books.availableBalance(ofUser: "member_1", in: "USD") == usd(3_750))
        #expect(books.availableBalance(ofUser: "member_2", in: "USD") == usd(1_250))
        #expect(books.paidOut(toUser: "member_1", in: "USD") == usd(0))
        #expect(books.isBalanced)
    }

    @Test("a transfer above the payer's balance is refused, the books unchanged")
    func transferAboveAvailable() throws {
        let books = try ledger(crediting: usd(1_000), to: "member_1")
        let error = refusal(of: books, .outOfRange) {
            try $0.transfer(
                try Transfer(id: "tr_1", fromUser: "member_1", toUser: "member_2", amount: usd(1_001), requestedAt: 0)
            )
        }
        #expect(error?.message == "transfer tr_1 of USD 10.01 exceeds the USD 10.00 available to user member_1")
    }

    @Test("a transfer checked against a balance in another currency is refused")
    func transferCurrencyMismatch() throws {
        let request = try Transfer(id: "tr_1", fromUser: "member_1", toUser: "member_2", amount: usd(1), requestedAt: 0)
        refusal(.invalidArgument) { try request.posting(available: eur(1_000)) }
    }

    @Test("a transfer to oneself, of nothing, or without ids is refused")
    func transferRefusals() {
        let toSelf = refusal(.invalidArgument) {
            try Transfer(id: "tr_1", fromUser: "member_1", toUser: "member_1", amount: usd(100), requestedAt: 0)
        }
        #expect(toSelf?.field == "to_user_id")
        refusal(.invalidArgument) {
            try Transfer(id: "tr_1", fromUser: "member_1", toUser: "member_2", amount: usd(0), requestedAt: 0)
        }
        refusal(.invalidArgument) {
            try Transfer(id: "", fromUser: "member_1", toUser: "member_2", amount: usd(1), requestedAt: 0)
        }
        refusal(.invalidArgument) {
            try Transfer(id: "tr_1", fromUser: "", toUser: "member_2", amount: usd(1), requestedAt: 0)
        }
    }
}
