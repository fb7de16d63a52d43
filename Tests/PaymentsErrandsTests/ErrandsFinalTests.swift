import PaymentsErrands
import Testing

@Suite("ErrandsPricing.final: what was bought at the prices paid, plus the fee quoted at posting (E5)")
struct ErrandsFinalTests {
    let pricing = ErrandsPricing()

    @Test("items as paid and the delivery fee: the capture; the buyer is reimbursed the items and earns the fee's rest")
    func final() throws {
        // Given: 2 × 2.80 and 1 × 4.75 paid (one above its maximum), the fee quoted at posting 2.25
        let quote = try pricing.final([item(2, usd(280)), item(1, usd(475)), deliveryFee(usd(225))])

        // Then: items 10.35 + fee 2.25 = 12.60
        #expect(quote.isFinal)
        #expect(quote.lines.map(\.amount) == [usd(560), usd(475), usd(225)])
        #expect(quote.lines[0].description == "2 × USD 2.80")
        #expect(quote.total == usd(1_260))
        #expect(quote.split.reimbursement == usd(1_035))
        #expect(quote.split.workerEarnings == usd(203))
        #expect(quote.split.platformRevenue == usd(22))
        #expect(quote.items == [item(2, usd(280)), item(1, usd(475)), deliveryFee(usd(225))])
    }

    @Test("the fee is the one sent back, whatever the schedule says now, wherever the line is")
    func feeAsQuoted() throws {
        let quote = try pricing.final([deliveryFee(usd(575)), item(1, usd(100))])
        #expect(quote.total == usd(675))
        #expect(quote.split.platformRevenue == usd(57))
        #expect(quote.split.workerEarnings == usd(518))
    }

    @Test("nothing found: the fee alone; an item found free: zero for it")
    func nothingFound() throws {
        let none = try pricing.final([deliveryFee(usd(150))])
        #expect(none.total == usd(150))
        #expect(none.split.reimbursement == usd(0))
        #expect(none.lines.map(\.code) == ["delivery_fee"])
        let free = try pricing.final([item(3, usd(0)), deliveryFee(usd(225))])
        #expect(free.total == usd(225))
        #expect(free.split.workerTotal == usd(203))
    }

    @Test("a total that does not fit in minor units is OUT_OF_RANGE")
    func overflow() {
        refusal(.outOfRange) { try pricing.final([item(3, usd(.max / 3 + 1)), deliveryFee(usd(225))]) }
        refusal(.outOfRange) { try pricing.final([item(1, usd(.max)), deliveryFee(usd(225))]) }
    }

    @Test(
        "what a final price cannot price is INVALID_ARGUMENT naming the line",
        arguments: [
            ([item(1, usd(100))], "lines"),
            ([deliveryFee(usd(225)), deliveryFee(usd(225))], "lines"),
            (
                [item(1, usd(100)), QuoteItem(code: "tip", quantity: 1, amount: usd(100)), deliveryFee(usd(225))],
                "lines[1].code"
            ),
            (Array(repeating: item(1, usd(100)), count: 31) + [deliveryFee(usd(225))], "lines"),
            ([item(0, usd(100)), deliveryFee(usd(225))], "lines[0].quantity"),
            ([item(100, usd(100)), deliveryFee(usd(225))], "lines[0].quantity"),
            ([item(1, nil), deliveryFee(usd(225))], "lines[0].amount"),
            ([item(1, usd(-1)), deliveryFee(usd(225))], "lines[0].amount"),
            ([item(1, eur(100)), deliveryFee(usd(225))], "lines[0].amount"),
            ([item(1, usd(100)), deliveryFee(nil)], "lines[1].amount"),
            ([item(1, usd(100)), deliveryFee(usd(-225))], "lines[1].amount"),
            ([item(1, usd(100)), deliveryFee(eur(225))], "lines[1].amount"),
            ([item(1, usd(100)), deliveryFee(usd(225), quantity: 2)], "lines[1].quantity"),
            ([QuoteItem(code: "", quantity: 1), deliveryFee(usd(225))], "lines[0].code"),
        ] as [([QuoteItem], String)]
    )
    func refusals(items: [QuoteItem], field: String) {
        let error = refusal(.invalidArgument) { try pricing.final(items) }
        #expect(error?.field == field, "\(error?.message ?? "")")
    }

    @Test("a missing fee says what it is")
    func missingFeeMessage() {
        let error = refusal(.invalidArgument) { try pricing.final([item(1, usd(100))]) }
        #expect(
            error?.message
                == "lines: an errand's final price needs exactly one \"delivery_fee\" item, the fee quoted when it "
                + "was posted; got 0"
        )
    }
}
