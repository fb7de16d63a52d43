/// An extra service a laundry customer may choose (L1): the dasher folds or irons the clean clothes. Laundry's module
/// in jobs records them on the job; its module in payments (`LaundryFeeSchedule`) prices them, its raw value being
/// the add-on's quote item code.
///
/// Once per job, not per load: the source design offers them on one screen per request ("Folding $2.50, Ironing
/// $5.00"), and a dasher's time folding grows with the clothes, which the loads already price.
public enum LaundryAddOn: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Folding the clean clothes.
    case folding
    /// Ironing them.
    case ironing

    /// The name people read (and a quote line shows).
    public var displayName: String {
        switch self {
        case .folding: "Folding"
        case .ironing: "Ironing"
        }
    }

    /// In the order of ``allCases``, so quote lines always list add-ons the same way.
    public static func < (lhs: LaundryAddOn, rhs: LaundryAddOn) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
