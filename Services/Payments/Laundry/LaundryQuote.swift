/// The itemised price of a laundry job (P1): an estimate when the job is submitted (L1), a final quote at
/// "finished drying" from what the dasher found (L8).
///
/// `total = machines + service fee + convenience fee + add-ons`. The estimate's machines line is
/// `loads × (washer + dryer price of the dorm)`; the final quote's is the actual cost the dasher paid. Every quote
/// carries its ``split`` under the schedule it was made with, so what a dasher earns never changes after the fact.
public struct LaundryQuote: Sendable, Hashable {
    /// The loads a job may have, estimated or actual.
    public static let allowedLoads: ClosedRange<Int> = 1...20

    /// The loads: estimated, or actual in a final quote.
    public let loads: Int
    /// The chosen add-ons, in ``LaundryAddOn`` order.
    public let addOns: [LaundryAddOn]
    /// The lines: machines, service fee, convenience fee, then one per add-on (``LineKind`` names each line's code).
    public let lines: [QuoteLine]
    /// The sum of the lines.
    public let total: Money
    /// Who gets what of ``total``.
    public let split: EarningsSplit
    /// Whether the machines line is the actual cost (L8) rather than an estimate.
    public let isFinal: Bool
    /// The quote as the payments core keeps it: its items (``LaundryPricing``'s codes), lines, total and split.
    public let quote: Quote

    /// The estimate at submission (L1): `loads` of the dorm's washer and dryer at their per-load prices.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` naming the field when `loads` is outside 1...20 or a machine
    ///   price is negative or not in the schedule's currency; `OUT_OF_RANGE` when the total overflows.
    public static func estimate(
        loads: Int,
        washerPrice: Money,
        dryerPrice: Money,
        addOns: Set<LaundryAddOn>,
        schedule: LaundryFeeSchedule = .defaults
    ) throws(PaymentsError) -> LaundryQuote {
        try requireLoads(loads, field: "estimated_loads")
        for (field, price) in [("washer_price", washerPrice), ("dryer_price", dryerPrice)] {
            try price.requireCurrency(schedule.currency, field: field, of: "the fee schedule")
            guard !price.isNegative else { throw .negative(field: field, price) }
        }
        let perLoad = try washerPrice.adding(dryerPrice)
        let machines = QuoteLine(
            kind: .machines,
            description: "\(loadCount(loads)) × (washer \(washerPrice.formatted) + dryer \(dryerPrice.formatted))",
            amount: try perLoad.multiplied(by: Int64(loads))
        )
        return try LaundryQuote(loads: loads, machines: machines, addOns: addOns, schedule: schedule, isFinal: false)
    }

    /// The final quote at "finished drying" (L8): the machines line becomes `machineCost`, what the dasher paid for
    /// `actualLoads`.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` naming the field when `actualLoads` is outside 1...20 or
    ///   `machineCost` is negative or not in the schedule's currency; `OUT_OF_RANGE` when the total overflows.
    public static func final(
        actualLoads: Int,
        machineCost: Money,
        addOns: Set<LaundryAddOn>,
        schedule: LaundryFeeSchedule = .defaults
    ) throws(PaymentsError) -> LaundryQuote {
        try requireLoads(actualLoads, field: "actual_loads")
        try machineCost.requireCurrency(schedule.currency, field: "machine_cost", of: "the fee schedule")
        guard !machineCost.isNegative else { throw .negative(field: "machine_cost", machineCost) }
        let machines = QuoteLine(
            kind: .machines,
            description: "Machines for \(loadCount(actualLoads)) (actual cost)",
            amount: machineCost
        )
        return try LaundryQuote(
            loads: actualLoads,
            machines: machines,
            addOns: addOns,
            schedule: schedule,
            isFinal: true
        )
    }

    /// Whether this final price needs the customer's explicit approval against `estimate` (L8): it is above twice
    /// the estimate's total (or in another currency, which no estimate can approve).
    ///
    /// Submitting a job approves a final price up to twice its estimate; so when the capture needs a charge above the
    /// hold, the service passes to ``PaymentIntent/chargeAboveHold(_:approvedByCustomer:now:)``
    /// `approvedByCustomer: true` when this is `false`, and the customer's answer when it is `true`.
    public func needsApproval(against estimate: LaundryQuote) -> Bool {
        Self.needsApproval(final: total, estimate: estimate.total)
    }

    /// Whether a final price of `final` is above twice an estimate of `estimate` (or in another currency).
    public static func needsApproval(final: Money, estimate: Money) -> Bool {
        guard final.currency == estimate.currency else { return true }
        let (twice, overflow) = estimate.minorUnits.multipliedReportingOverflow(by: 2)
        return !overflow && final.minorUnits > twice
    }

    private init(
        loads: Int,
        machines: QuoteLine,
        addOns: Set<LaundryAddOn>,
        schedule: LaundryFeeSchedule,
        isFinal: Bool
    ) throws(PaymentsError) {
        let chosen = addOns.sorted()
        let addOnLines = chosen.map {
            QuoteLine(kind: .addOn($0), description: $0.displayName, amount: schedule.price(of: $0))
        }
        let serviceFee = QuoteLine(kind: .serviceFee, description: "Service fee", amount: schedule.flatFee)
        let convenienceFee = QuoteLine(
            kind: .convenienceFee,
            description: "Convenience fee",
            amount: schedule.convenienceFee
        )
        self.loads = loads
        self.addOns = chosen
        self.lines = [machines, serviceFee, convenienceFee] + addOnLines
        self.total = try Money.sum(lines.map(\.amount), currency: schedule.currency)
        self.split = try EarningsSplit.laundry(
            machineCost: machines.amount,
            serviceFees: Money.sum([schedule.flatFee] + addOnLines.map(\.amount), currency: schedule.currency),
            convenienceFee: schedule.convenienceFee,
            platformShareBasisPoints: schedule.platformShareBasisPoints
        )
        self.isFinal = isFinal
        let loadsItem =
            isFinal
            ? QuoteItem(code: LaundryPricing.machinesItem, quantity: loads, amount: machines.amount)
            : QuoteItem(code: LaundryPricing.loadsItem, quantity: loads)
        quote = try Quote(
            product: LaundryPricing.product,
            items: [loadsItem] + chosen.map { QuoteItem(code: $0.rawValue) },
            lines: lines,
            split: split,
            isFinal: isFinal
        )
    }

    private static func requireLoads(_ loads: Int, field: String) throws(PaymentsError) {
        guard allowedLoads.contains(loads) else { throw .loadsOutOfRange(loads, field: field) }
    }

    /// `1 load`, `3 loads`.
    private static func loadCount(_ loads: Int) -> String {
        loads == 1 ? "1 load" : "\(loads) loads"
    }
}
