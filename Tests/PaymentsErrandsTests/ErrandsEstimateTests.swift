import PaymentsErrands
import Testing

@Suite("ErrandsPricing.estimate: a list's hold, every item at its maximum plus the delivery fee (E1)")
struct ErrandsEstimateTests {
    let pricing = ErrandsPricing()

    @Test("a list of items at their maxima: the items' total plus the fee of their units; lines and split add up")
    func estimate() throws {
        // Given: 2 × at most 3.00 and 1 × at most 4.50, 3 units
        let items = [item(2, usd(300)), item(1, usd(450))]

        // When
        let quote = try pricing.estimate(items, zone: nil)

        // Then: items 10.50, fee 1.50 + 3 × 0.25 = 2.25, total 12.75
        #expect(quote.product == "errands")
        #expect(!quote.isFinal)
        #expect(quote.lines.map(\.code) == ["item", "item", "delivery_fee"])
        #expect(quote.lines.map(\.amount) == [usd(600), usd(450), usd(225)])
        #expect(quote.lines[0].description == "2 × at most USD 3.00")
        #expect(quote.lines[2].description == "Delivery fee (3 units)")
        #expect(quote.total == usd(1_275))
        // And: the items' maxima are reimbursed, the platform keeps 0.22 of the fee, the buyer earns 2.03
        #expect(quote.split.reimbursement == usd(1_050))
        #expect(quote.split.workerEarnings == usd(203))
        #expect(quote.split.platformRevenue == usd(22))
        #expect(quote.split.total == quote.total)
        // And: the items priced end with the fee quoted, which jobs sends back at completion
        #expect(quote.items == items + [deliveryFee(usd(225))])
        #expect(ErrandsPricing.units(of: quote.items) == 3)
    }

    @Test("no zone is needed; the currency is the schedule's")
    func noZone() {
        #expect(!pricing.needsZonePrices)
        #expect(pricing.product == ErrandsPricing.product)
        #expect(pricing.currency == "USD")
    }

    @Test("the fee is capped: 30 items of 99 units pay USD 6.00")
    func cap() throws {
        let quote = try pricing.estimate(Array(repeating: item(99, usd(1)), count: 30), zone: nil)
        #expect(quote.lines.last?.amount == usd(600))
        #expect(quote.total == usd(30 * 99 + 600))
        #expect(quote.split.platformRevenue == usd(60))
    }

    @Test("a total that does not fit in minor units is OUT_OF_RANGE, not a crash")
    func overflow() {
        refusal(.outOfRange) { try pricing.estimate([item(2, usd(.max / 2 + 1))], zone: nil) }
        refusal(.outOfRange) { try pricing.estimate([item(1, usd(.max - 100))], zone: nil) }
        refusal(.outOfRange) { try pricing.estimate([item(1, usd(.max / 2)), item(1, usd(.max / 2))], zone: nil) }
    }

    @Test(
        "what an estimate cannot price is INVALID_ARGUMENT naming the line",
        arguments: [
            ([], "lines"),
            (Array(repeating: item(1, usd(100)), count: 31), "lines"),
            ([item(1, usd(100)), QuoteItem(code: "bread", quantity: 1, amount: usd(100))], "lines[1].code"),
            ([deliveryFee(usd(225))], "lines[0].code"),
            ([QuoteItem(code: "Item!", quantity: 1, amount: usd(100))], "lines[0].code"),
            ([item(0, usd(100))], "lines[0].quantity"),
            ([item(1, usd(100)), item(100, usd(100))], "lines[1].quantity"),
            ([item(-1, usd(100))], "lines[0].quantity"),
            ([item(1, usd(100)), item(1, usd(100)), item(1, nil)], "lines[2].amount"),
            ([item(1, usd(0))], "lines[0].amount"),
            ([item(1, usd(-100))], "lines[0].amount"),
            ([item(1, usd(100)), item(1, eur(100))], "lines[1].amount"),
        ] as [([QuoteItem], String)]
    )
    func refusals(items: [QuoteItem], field: String) {
        let error = refusal(.invalidArgument) { try pricing.estimate(items, zone: nil) }
        #expect(error?.field == field, "\(error?.message ?? "")")
    }

    @Test("QuoteErrand's names: the list is `items` and a price `items[i].price`")
    func otherNames() {
        let missing = refusal(.invalidArgument) {
            try pricing.estimate([item(1, usd(100)), item(2, nil)], field: "items", priceField: "price")
        }
        #expect(missing?.field == "items[1].price")
        #expect(missing?.message == "items[1].price is required: the most the requester pays for one")
        let tooMany = refusal(.invalidArgument) {
            try pricing.estimate(Array(repeating: item(1, usd(1)), count: 31), field: "items", priceField: "price")
        }
        #expect(tooMany?.field == "items")
        #expect(tooMany?.message == "items: an errand has 1 to 30 items, got 31; split the list into two errands")
    }

    @Test("approval is needed above the hold or in another currency, not up to it")
    func approval() {
        #expect(!pricing.needsApproval(final: usd(1_275), estimate: usd(1_275)))
        #expect(!pricing.needsApproval(final: usd(100), estimate: usd(1_275)))
        #expect(pricing.needsApproval(final: usd(1_276), estimate: usd(1_275)))
        #expect(pricing.needsApproval(final: eur(100), estimate: usd(1_275)))
    }
}
