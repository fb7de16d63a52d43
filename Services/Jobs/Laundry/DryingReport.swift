/// What the dasher enters at "finished drying" (L8), with the final price payments computed from it.
///
/// The dasher knows the loads and what the machines cost; the price comes from payments' fee schedule (P1), which
/// the service asks before moving the job, so this module never prices anything and cannot disagree with payments.
public struct DryingReport: Sendable, Hashable, Codable {
    /// The loads actually washed, 1...20.
    public var actualLoads: Int
    /// What the washers and dryers cost, in the estimate's currency; zero when the dorm's machines are free.
    public var machineCost: Money
    /// The final price's total from payments' final quote for ``actualLoads`` and ``machineCost``.
    public var finalTotal: Money

    /// Creates a report.
    public init(actualLoads: Int, machineCost: Money, finalTotal: Money) {
        self.actualLoads = actualLoads
        self.machineCost = machineCost
        self.finalTotal = finalTotal
    }

    /// Refuses the first field that is wrong for a job whose estimate is in `currency`.
    func validate(currency: String) throws(JobsError) {
        try requireLoads(actualLoads, field: "actual_loads")
        try machineCost.requireCurrency(currency, field: "machine_cost")
        guard !machineCost.isNegative else { throw .negative(field: "machine_cost", machineCost) }
        try finalTotal.requireCurrency(currency, field: "final_total")
        guard finalTotal.isPositive else { throw .notPositive(field: "final_total", finalTotal) }
    }
}
