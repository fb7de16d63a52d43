import PaymentsDomain
import PaymentsLaundry
import QuadTestSupport
import Testing

@Suite("LaundryPricing: laundry's quotes as the payments core asks for them")
struct LaundryPricingTests {
    let pricing = LaundryPricing()
    let dorm = ZonePrices(zone: "dorm-north", prices: ["washer": usd(175), "dryer": usd(150)])

    @Test("an estimate of `loads` and add-on items is laundry's estimate, with the items it priced")
    func estimate() throws {
        // When: 2 loads with ironing and folding (in another order than laundry's)
        let quote = try pricing.estimate(
            [QuoteItem(code: "ironing"), QuoteItem(code: "loads", quantity: 2), QuoteItem(code: "folding")],
            zone: dorm
        )

        // Then: the same quote as LaundryQuote's, in the core's terms
        let laundry = try LaundryQuote.estimate(
            loads: 2,
            washerPrice: usd(175),
            dryerPrice: usd(150),
            addOns: [.folding, .ironing]
        )
        #expect(quote == laundry.quote)
        #expect(quote.product == "laundry")
        #expect(
            quote.items == [
                QuoteItem(code: "loads", quantity: 2), QuoteItem(code: "folding"), QuoteItem(code: "ironing"),
            ]
        )
        #expect(quote.lines.map(\.code) == ["machines", "service_fee", "convenience_fee", "folding", "ironing"])
        #expect(quote.total == usd(2_500))
        #expect(quote.split.total == quote.total)
        #expect(!quote.isFinal)
    }

    @Test("a final price of a `machines` item is laundry's final price with the cost the dasher paid")
    func final() throws {
        let quote = try pricing.final([
            QuoteItem(code: "machines", quantity: 3, amount: usd(1_125)), QuoteItem(code: "folding"),
        ])
        let laundry = try LaundryQuote.final(actualLoads: 3, machineCost: usd(1_125), addOns: [.folding])
        #expect(quote == laundry.quote)
        #expect(quote.isFinal)
        #expect(quote.split.reimbursement == usd(1_125))
    }

    @Test(
        "items laundry cannot price are INVALID_ARGUMENT naming the item",
        arguments: [
            ([QuoteItem(code: "loads", quantity: 2), QuoteItem(code: "starching")], "lines[1].code"),
            ([QuoteItem(code: "folding")], "lines"),
            ([QuoteItem(code: "loads", quantity: 1), QuoteItem(code: "loads", quantity: 1)], "lines"),
            ([QuoteItem(code: "loads", quantity: 21)], "lines[0].quantity"),
            ([QuoteItem(code: "folding"), QuoteItem(code: "loads", quantity: 0)], "lines[1].quantity"),
            ([QuoteItem(code: "Loads", quantity: 2)], "lines[0].code"),
            ([QuoteItem(code: "loads", quantity: -1)], "lines[0].quantity"),
        ]
    )
    func refusedItems(items: [QuoteItem], field: String) {
        let error = refusal(.invalidArgument) { try pricing.estimate(items, zone: dorm) }
        #expect(error?.field == field, "\(error?.message ?? "")")
    }

    @Test("an estimate needs the dorm's washer and dryer prices; a final price needs the machine cost")
    func missingPrices() {
        let noZone = refusal(.invalidArgument) {
            try pricing.estimate([QuoteItem(code: "loads", quantity: 1)], zone: nil)
        }
        #expect(noZone?.field == "zone_id")
        let noDryer = ZonePrices(zone: "dorm-north", prices: ["washer": usd(175)])
        let missing = refusal(.failedPrecondition) {
            try pricing.estimate([QuoteItem(code: "loads", quantity: 1)], zone: noDryer)
        }
        #expect(missing?.message.contains("dryer") == true)
        let noCost = refusal(.invalidArgument) { try pricing.final([QuoteItem(code: "machines", quantity: 2)]) }
        #expect(noCost?.field == "lines[0].amount")
    }

    @Test("a final price above twice the estimate held needs the customer's approval; up to twice does not")
    func approval() {
        #expect(!pricing.needsApproval(final: usd(4_000), estimate: usd(2_000)))
        #expect(pricing.needsApproval(final: usd(4_001), estimate: usd(2_000)))
        #expect(pricing.needsApproval(final: eur(100), estimate: usd(2_000)), "another currency is never agreed")
    }
}
