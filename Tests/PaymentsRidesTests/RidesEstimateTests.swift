import PaymentsRides
import Testing

@Suite("RidesPricing.estimate: a seat's hold, the estimated share plus a margin and the booking fee (R3)")
struct RidesEstimateTests {
    let pricing = RidesPricing()

    @Test("a share of 12.00 holds 12.00 + 3.00 margin + 0.25 fee, itemised; no zone is needed")
    func hold() throws {
        // When: a rider's estimated share is 12.00
        let quote = try pricing.estimate([share(usd(1_200))], zone: nil)

        // Then: the share, 25% of it, and the booking fee
        #expect(quote.product == "rides")
        #expect(!quote.isFinal)
        #expect(quote.lines.map(\.code) == ["fare_share", "margin", "booking_fee"])
        #expect(quote.lines.map(\.amount) == [usd(1_200), usd(300), usd(25)])
        #expect(
            quote.lines[1].description == "Margin for the metered fare (25%, at least USD 1.00), held but not charged"
        )
        #expect(quote.total == usd(1_525))
        #expect(quote.items == [share(usd(1_200))])
        #expect(!pricing.needsZonePrices)
        #expect(pricing.currency == "USD")
    }

    @Test(
        "the hold's split: at most the share and the margin back to the offerer, the fee to the platform, no earnings"
    )
    func split() throws {
        let quote = try pricing.estimate([share(usd(1_200))], zone: nil)
        #expect(quote.split.reimbursement == usd(1_500))
        #expect(quote.split.workerEarnings == usd(0))
        #expect(quote.split.platformRevenue == usd(25))
        #expect(quote.split.total == quote.total)
    }

    @Test(
        "a small share gets the minimum margin of 1.00; a margin's fraction of a cent rounds up",
        arguments: [(1, 126), (250, 375), (400, 525), (401, 527), (2_002, 2_528)] as [(Int64, Int64)]
    )
    func minimum(share cents: Int64, hold: Int64) throws {
        #expect(try pricing.estimate([share(usd(cents))], zone: nil).total == usd(hold))
    }

    @Test("another schedule prices with its own margin and fee")
    func otherSchedule() throws {
        let schedule = try RidesFeeSchedule(marginBasisPoints: 1_050, minimumMargin: usd(0), bookingFee: usd(0))
        let quote = try RidesPricing(schedule: schedule).estimate([share(usd(1_000))], zone: nil)
        #expect(quote.lines.map(\.amount) == [usd(1_000), usd(105), usd(0)])
        #expect(quote.lines[1].description == "Margin for the metered fare (10.5%), held but not charged")
        #expect(quote.split.platformRevenue == usd(0))
    }

    @Test("a hold that does not fit in minor units is OUT_OF_RANGE")
    func overflow() {
        refusal(.outOfRange) { try pricing.estimate([share(usd(.max - 100))], zone: nil) }
    }

    @Test("what a hold cannot price is INVALID_ARGUMENT naming the field", arguments: unpriceableLines)
    func refusals(lines: [QuoteItem], field: String) {
        let error = refusal(.invalidArgument) { try pricing.estimate(lines, zone: nil) }
        #expect(error?.field == field, "\(error?.message ?? "")")
        #expect(error?.message.hasPrefix(field) == true, "\(error?.message ?? "") names \(field)")
    }

    @Test("the refusals say what to send")
    func messages() {
        let count = refusal(.invalidArgument) { try pricing.estimate([], zone: nil) }
        #expect(
            count?.message
                == "lines: a seat is priced from exactly one \"fare_share\" line, the rider's share of the fare; got 0 lines"
        )
        let quantity = refusal(.invalidArgument) { try pricing.estimate([share(usd(100), quantity: 2)], zone: nil) }
        #expect(quantity?.message.contains("must be 1, got 2") == true)
        let code = refusal(.invalidArgument) {
            try pricing.estimate([QuoteItem(code: "tip", quantity: 1, amount: usd(1))], zone: nil)
        }
        #expect(code?.message == "lines[0].code: rides prices no item \"tip\"; use fare_share")
        let currency = refusal(.invalidArgument) { try pricing.estimate([share(eur(100))], zone: nil) }
        #expect(currency?.message.contains("not in USD, the currency of the rides fee schedule") == true)
    }
}
