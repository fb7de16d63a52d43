/// A job's final price as recorded at "finished drying" (L8): what the dasher found, what payments priced, and the
/// estimate it is compared with. Both prices are kept, so the history shows them side by side (L12).
public struct FinalPrice: Sendable, Hashable, Codable {
    /// How many times the estimate the final total may be before the customer has to approve it (L8).
    public static let approvalThresholdMultiple: Int64 = 2

    /// The loads actually washed.
    public let actualLoads: Int
    /// What the machines cost.
    public let machineCost: Money
    /// The final total, what completion captures.
    public let total: Money
    /// The estimate at submission, what the hold covers.
    public let estimate: Money

    /// Records `report` against `estimate`; the report was validated.
    init(report: DryingReport, estimate: Money) {
        actualLoads = report.actualLoads
        machineCost = report.machineCost
        total = report.finalTotal
        self.estimate = estimate
    }

    /// Whether the total is above twice the estimate, so the customer must approve it before the laundry comes back.
    ///
    /// Up to twice the estimate the customer agreed in advance by submitting: loads are hard to guess and machines
    /// change price, and stopping every job that ran a little over would strand laundry in a dryer.
    public var needsApproval: Bool {
        // total / multiple > estimate, without the overflow that total > multiple × estimate could hit.
        let (quotient, remainder) = total.minorUnits.quotientAndRemainder(dividingBy: Self.approvalThresholdMultiple)
        return quotient > estimate.minorUnits || (quotient == estimate.minorUnits && remainder > 0)
    }

    /// The report the price was recorded from, for replaying a stored timeline.
    var report: DryingReport {
        DryingReport(actualLoads: actualLoads, machineCost: machineCost, finalTotal: total)
    }
}
