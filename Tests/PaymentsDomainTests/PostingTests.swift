import PaymentsDomain
import Testing

@Suite("Posting")
struct PostingTests {
    func posting(_ entries: [LedgerEntry], reference: String = "pi_1") throws -> Posting {
        try Posting(kind: .capture, reference: reference, postedAt: newYear, entries: entries)
    }

    @Test("a posting that balances in each of its currencies is accepted")
    func balanced() throws {
        let posting = try posting([
            .debit(.cardClearing, usd(1_000)), .credit(.unallocatedReceipts, usd(600)),
            .credit(.platformRevenue, usd(400)), .debit(.cardClearing, eur(50)), .credit(.platformRevenue, eur(50)),
        ])
        #expect(posting.net(for: .cardClearing, in: "USD") == usd(1_000))
        #expect(posting.net(for: .platformRevenue, in: "EUR") == eur(50))
        #expect(posting.net(for: .refunds, in: "USD") == usd(0))
    }

    @Test("a posting that does not balance is refused, naming the currency and both sides")
    func unbalanced() {
        let error = refusal(.invalidArgument) {
            try posting([.debit(.cardClearing, usd(1_000)), .credit(.unallocatedReceipts, usd(900))])
        }
        #expect(
            error?.message == "the capture posting for pi_1 does not balance in USD: debits USD 10.00, credits USD 9.00"
        )
    }

    @Test("debits in one currency do not balance credits in another")
    func currenciesBalanceSeparately() {
        refusal(.invalidArgument) {
            try posting([.debit(.cardClearing, usd(100)), .credit(.platformRevenue, eur(100))])
        }
    }

    @Test("a posting with fewer than two entries is refused")
    func tooShort() {
        refusal(.invalidArgument) { try posting([]) }
        refusal(.invalidArgument) { try posting([.debit(.cardClearing, usd(100))]) }
    }

    @Test("an entry that is not above zero or has a malformed currency is refused, naming it")
    func badEntries() {
        let zero = refusal(.invalidArgument) {
            try posting([.debit(.cardClearing, usd(0)), .credit(.platformRevenue, usd(0))])
        }
        #expect(zero?.field == "entries[0].amount")
        let negative = refusal(.invalidArgument) {
            try posting([.debit(.cardClearing, usd(-100)), .credit(.platformRevenue, usd(-100))])
        }
        #expect(negative?.field == "entries[0].amount")
        let badCurrency = Money(minorUnits: 100, currency: "US$")
        refusal(.invalidArgument) {
            try posting([.debit(.cardClearing, badCurrency), .credit(.platformRevenue, badCurrency)])
        }
    }

    @Test("an account with an empty owner and a posting with no reference are refused")
    func badIdentifiers() {
        let owner = refusal(.invalidArgument) {
            try posting([.debit(.customerHold(customer: ""), usd(100)), .credit(.cardAuthorizations, usd(100))])
        }
        #expect(owner?.field == "entries[0].account")
        refusal(.invalidArgument) {
            try posting([.debit(.cardClearing, usd(100)), .credit(.platformRevenue, usd(100))], reference: "")
        }
    }

    @Test("entries whose sum overflows are refused")
    func overflow() {
        refusal(.outOfRange) {
            try posting([
                .debit(.cardClearing, usd(.max)), .debit(.cardClearing, usd(1)), .credit(.platformRevenue, usd(.max)),
                .credit(.platformRevenue, usd(1)),
            ])
        }
    }
}
