import PaymentsDomain
import Testing

@Suite("Transfers paid by the payer's card")
struct CardTransferTests {
    func transfer(_ amount: Money = usd(1_250)) throws -> Transfer {
        try Transfer(id: "tr_1", fromUser: "member_1", toUser: "member_2", amount: amount, requestedAt: newYear)
    }

    @Test("the card is charged as a capture is and all of it is settled to the payee; the payer's balance is untouched")
    func cardTransfer() throws {
        // Given books where no one has anything
        var books = Ledger()

        // When member_1's card pays member_2
        let postings = try books.transferByCard(try transfer())

        // Then
        #expect(postings.map(\.kind) == [.charge, .transfer])
        #expect(postings.allSatisfy { $0.reference == "tr_1" && $0.postedAt == newYear })
        #expect(
            postings[0].entries == [
                .debit(.cardClearing, usd(1_250)), .credit(.unallocatedReceipts, usd(1_250)),
                .debit(.customerCharges(customer: "member_1"), usd(1_250)), .credit(.cardCharges, usd(1_250)),
            ]
        )
        #expect(
            postings[1].entries == [
                .debit(.unallocatedReceipts, usd(1_250)), .credit(.userBalance(user: "member_2"), usd(1_250)),
            ]
        )
        #expect(books.availableBalance(ofUser: "member_2", in: "USD") == usd(1_250))
        #expect(books.availableBalance(ofUser: "member_1", in: "USD") == usd(0))
        #expect(books.balance(of: .customerCharges(customer: "member_1"), in: "USD") == usd(1_250))
        #expect(books.balance(of: .unallocatedReceipts, in: "USD") == usd(0), "nothing is left unallocated")
        #expect(books.balance(of: .cardClearing, in: "USD") == usd(1_250))
        #expect(books.isBalanced)
    }

    @Test("a card transfer needs no balance: it is paid above what the payer has")
    func noBalanceNeeded() throws {
        var books = Ledger()
        try books.transferByCard(try transfer(usd(99_999)))
        #expect(books.availableBalance(ofUser: "member_2", in: "USD") == usd(99_999))
        #expect(books.isBalanced)
    }
}
