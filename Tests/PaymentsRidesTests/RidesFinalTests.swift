import PaymentsRides
import Testing

@Suite("RidesPricing.final: a seat's capture, the share of the metered fare plus the booking fee (R4)")
struct RidesFinalTests {
    let pricing = RidesPricing()

    @Test("a share of 13.40 captures 13.65: the share reimbursed to the offerer, the fee the platform's; no margin")
    func final() throws {
        let quote = try pricing.final([share(usd(1_340))])
        #expect(quote.isFinal)
        #expect(quote.lines.map(\.code) == ["fare_share", "booking_fee"])
        #expect(quote.lines.map(\.amount) == [usd(1_340), usd(25)])
        #expect(quote.total == usd(1_365))
        #expect(quote.split.reimbursement == usd(1_340))
        #expect(quote.split.workerEarnings == usd(0))
        #expect(quote.split.workerTotal == usd(1_340))
        #expect(quote.split.platformRevenue == usd(25))
        #expect(quote.items == [share(usd(1_340))])
    }

    @Test(
        "approval is needed only above the hold (share 12.00: hold 15.25), or in another currency",
        arguments: [(1, false), (1_500, false), (1_525, false), (1_526, true), (5_000, true)] as [(Int64, Bool)]
    )
    func approval(final: Int64, needed: Bool) throws {
        let hold = try pricing.estimate([share(usd(1_200))], zone: nil).total
        #expect(pricing.needsApproval(final: usd(final), estimate: hold) == needed)
    }

    @Test("a capture in another currency than the hold always needs approval")
    func approvalCurrency() {
        #expect(pricing.needsApproval(final: eur(100), estimate: usd(1_525)))
    }

    @Test("a capture that does not fit in minor units is OUT_OF_RANGE")
    func overflow() {
        refusal(.outOfRange) { try pricing.final([share(usd(.max))]) }
    }

    @Test("a share of zero (a few metres of a long ride) captures the booking fee alone")
    func zeroShare() throws {
        let quote = try pricing.final([share(usd(0))])
        #expect(quote.lines.map(\.amount) == [usd(0), usd(25)])
        #expect(quote.total == usd(25) && quote.split.reimbursement == usd(0) && quote.split.platformRevenue == usd(25))
    }

    @Test(
        "what a capture cannot price is INVALID_ARGUMENT naming the field",
        arguments: unpriceableLines.filter { $0.0 != [share(usd(0))] }
    )
    func refusals(lines: [QuoteItem], field: String) {
        let error = refusal(.invalidArgument) { try pricing.final(lines) }
        #expect(error?.field == field, "\(error?.message ?? "")")
    }

    @Test("the rides split: the share to the offerer, the fee to the platform; a share in another currency is refused")
    func split() throws {
        let schedule = RidesFeeSchedule.defaults
        let split = try EarningsSplit.rides(share: usd(700), bookingFee: usd(25), schedule: schedule)
        #expect(split.reimbursement == usd(700) && split.workerEarnings == usd(0) && split.platformRevenue == usd(25))
        #expect(
            refusal(.invalidArgument) {
                try EarningsSplit.rides(share: eur(700), bookingFee: usd(25), schedule: schedule)
            }?.field == "share"
        )
        #expect(
            refusal(.invalidArgument) {
                try EarningsSplit.rides(share: usd(700), bookingFee: eur(25), schedule: schedule)
            }?.field == "booking_fee"
        )
        #expect(
            refusal(.invalidArgument) {
                try EarningsSplit.rides(share: usd(-700), bookingFee: usd(25), schedule: schedule)
            }?.field == "reimbursement"
        )
    }
}
