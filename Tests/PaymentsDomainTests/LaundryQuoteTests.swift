import PaymentsDomain
import PaymentsLaundry
import Testing
import QuadTestSupport

@Suite("LaundryQuote")
struct LaundryQuoteTests {
    let washer = usd(175)
    let dryer = usd(150)

    @Test("an estimate is loads × (washer + dryer) + service fee + convenience fee + add-ons, itemised")
    func estimate() throws {
        // Given / When: two loads with folding and ironing at the default schedule
        let quote = try LaundryQuote.estimate(
            loads: 2,
            washerPrice: washer,
            dryerPrice: dryer,
            addOns: [.ironing, .folding]
        )

        // Then
        #expect(
            quote.lines.map(\.kind) == [.machines, .serviceFee, .convenienceFee, .addOn(.folding), .addOn(.ironing)]
        )
        #expect(quote.lines.map(\.amount) == [usd(650), usd(1_000), usd(100), usd(250), usd(500)])
        #expect(quote.lines[0].description == "2 loads × (washer USD 1.75 + dryer USD 1.50)")
        #expect(quote.lines.map(\.description).dropFirst() == ["Service fee", "Convenience fee", "Folding", "Ironing"])
        #expect(quote.total == usd(2_500))
        #expect(quote.addOns == [.folding, .ironing])
        #expect(!quote.isFinal)
    }

    @Test("one load reads in the singular, and no add-ons means no add-on lines")
    func singleLoad() throws {
        let quote = try LaundryQuote.estimate(loads: 1, washerPrice: washer, dryerPrice: dryer, addOns: [])
        #expect(quote.lines[0].description == "1 load × (washer USD 1.75 + dryer USD 1.50)")
        #expect(quote.lines.count == 3)
        #expect(quote.total == usd(1_425))
    }

    @Test("the split: machines reimbursed, 15% of service fee and add-ons to the platform with the convenience fee")
    func split() throws {
        // Given: 2 loads (USD 6.50 of machines), folding and ironing: service fees 10.00 + 2.50 + 5.00 = 17.50
        let quote = try LaundryQuote.estimate(
            loads: 2,
            washerPrice: washer,
            dryerPrice: dryer,
            addOns: [.folding, .ironing]
        )

        // Then: 15% of 17.50 is 2.625, rounded down to 2.62; the dasher earns the other 14.88
        #expect(quote.split.reimbursement == usd(650))
        #expect(quote.split.workerEarnings == usd(1_488))
        #expect(quote.split.platformRevenue == usd(362))
        #expect(quote.split.workerTotal == usd(2_138))
        #expect(quote.split.total == quote.total)
    }

    @Test("the final quote takes the actual machine cost and loads")
    func final() throws {
        // Given / When: the dasher found 3 loads and paid USD 11.25
        let quote = try LaundryQuote.final(actualLoads: 3, machineCost: usd(1_125), addOns: [.folding])

        // Then
        #expect(quote.isFinal)
        #expect(quote.loads == 3)
        #expect(
            quote.lines[0]
                == QuoteLine(kind: .machines, description: "Machines for 3 loads (actual cost)", amount: usd(1_125))
        )
        #expect(quote.total == usd(1_125 + 1_000 + 100 + 250))
        #expect(quote.split.reimbursement == usd(1_125))
        #expect(quote.split.total == quote.total)
    }

    @Test("a final quote may have free machines")
    func freeMachines() throws {
        let quote = try LaundryQuote.final(actualLoads: 1, machineCost: usd(0), addOns: [])
        #expect(quote.total == usd(1_100))
    }

    @Test("loads outside 1...20 are refused, naming the field", arguments: [0, -1, 21, 1_000])
    func loadsOutOfRange(loads: Int) {
        let estimate = refusal(.invalidArgument) {
            try LaundryQuote.estimate(loads: loads, washerPrice: washer, dryerPrice: dryer, addOns: [])
        }
        #expect(estimate?.field == "estimated_loads")
        #expect(estimate?.message == "estimated_loads must be 1 to 20, got \(loads); split a bigger job in two")
        let final = refusal(.invalidArgument) {
            try LaundryQuote.final(actualLoads: loads, machineCost: usd(100), addOns: [])
        }
        #expect(final?.field == "actual_loads")
    }

    @Test("1 and 20 loads are accepted")
    func loadBounds() throws {
        for loads in [1, 20] {
            let quote = try LaundryQuote.estimate(loads: loads, washerPrice: washer, dryerPrice: dryer, addOns: [])
            #expect(quote.lines[0].amount == usd(325 * Int64(loads)))
        }
    }

    @Test("machine prices must be in the schedule's currency and not negative")
    func machinePriceRefusals() {
        let euroWasher = refusal(.invalidArgument) {
            try LaundryQuote.estimate(loads: 1, washerPrice: eur(175), dryerPrice: dryer, addOns: [])
        }
        #expect(euroWasher?.field == "washer_price")
        #expect(euroWasher?.message == "washer_price: EUR 1.75 is not in USD, the currency of the fee schedule")
        let negativeDryer = refusal(.invalidArgument) {
            try LaundryQuote.estimate(loads: 1, washerPrice: washer, dryerPrice: usd(-1), addOns: [])
        }
        #expect(negativeDryer?.field == "dryer_price")
    }

    @Test("the actual machine cost must be in the schedule's currency and not negative")
    func machineCostRefusals() {
        let euros = refusal(.invalidArgument) {
            try LaundryQuote.final(actualLoads: 2, machineCost: eur(500), addOns: [])
        }
        #expect(euros?.field == "machine_cost")
        let negative = refusal(.invalidArgument) {
            try LaundryQuote.final(actualLoads: 2, machineCost: usd(-500), addOns: [])
        }
        #expect(negative?.message == "machine_cost must not be negative, got USD -5.00")
    }

    @Test("a total that overflows is refused, not trapped")
    func overflow() {
        refusal(.outOfRange) {
            try LaundryQuote.estimate(loads: 20, washerPrice: usd(.max / 4), dryerPrice: usd(1), addOns: [])
        }
        refusal(.outOfRange) { try LaundryQuote.final(actualLoads: 1, machineCost: usd(.max), addOns: []) }
    }

    @Test("a final price above twice the estimate needs the customer's approval; up to twice does not")
    func approval() throws {
        // Given: an estimate of USD 14.25
        let estimate = try LaundryQuote.estimate(loads: 1, washerPrice: washer, dryerPrice: dryer, addOns: [])

        // When: final prices of exactly twice (28.50) and one cent more
        let twice = try LaundryQuote.final(actualLoads: 4, machineCost: usd(2_850 - 1_100), addOns: [])
        let above = try LaundryQuote.final(actualLoads: 4, machineCost: usd(2_851 - 1_100), addOns: [])

        // Then
        #expect(twice.total == usd(2_850))
        #expect(!twice.needsApproval(against: estimate))
        #expect(above.needsApproval(against: estimate))
    }

    @Test("the split sums exactly to the total for every load count and add-on choice, at many shares and prices")
    func splitSums() throws {
        var random = SeededGenerator(seed: 7)
        let choices: [Set<LaundryAddOn>] = [[], [.folding], [.ironing], [.folding, .ironing]]
        var checked = 0
        for share in [0, 1, 333, 1_500, 2_999, 9_999, 10_000] {
            let schedule = try LaundryFeeSchedule(
                flatFee: usd(Int64.random(in: 0...2_000, using: &random)),
                convenienceFee: usd(Int64.random(in: 0...500, using: &random)),
                foldingPrice: usd(Int64.random(in: 0...999, using: &random)),
                ironingPrice: usd(Int64.random(in: 0...999, using: &random)),
                platformShareBasisPoints: share
            )
            for loads in LaundryQuote.allowedLoads {
                for addOns in choices {
                    let washer = usd(Int64.random(in: 0...500, using: &random))
                    let dryer = usd(Int64.random(in: 0...500, using: &random))
                    let estimate = try LaundryQuote.estimate(
                        loads: loads,
                        washerPrice: washer,
                        dryerPrice: dryer,
                        addOns: addOns,
                        schedule: schedule
                    )
                    let final = try LaundryQuote.final(
                        actualLoads: loads,
                        machineCost: usd(Int64.random(in: 0...20_000, using: &random)),
                        addOns: addOns,
                        schedule: schedule
                    )
                    for quote in [estimate, final] {
                        let split = quote.split
                        #expect(split.total == quote.total)
                        #expect(
                            split.reimbursement.minorUnits + split.workerEarnings.minorUnits
                                + split.platformRevenue.minorUnits == quote.total.minorUnits
                        )
                        #expect(split.reimbursement == quote.lines[0].amount)
                        #expect(!split.workerEarnings.isNegative && !split.platformRevenue.isNegative)
                        // The platform's share is rounded down: never more than its exact share.
                        let serviceFees =
                            quote.total.minorUnits - quote.lines[0].amount.minorUnits
                            - schedule.convenienceFee.minorUnits
                        let platformShare = split.platformRevenue.minorUnits - schedule.convenienceFee.minorUnits
                        #expect(platformShare * 10_000 <= serviceFees * Int64(share))
                        #expect((platformShare + 1) * 10_000 > serviceFees * Int64(share))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 7 * 20 * 4 * 2)
    }
}
