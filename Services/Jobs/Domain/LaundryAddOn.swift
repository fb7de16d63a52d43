/// An extra service a laundry customer may choose (L1): the dasher folds or irons the clean clothes.
///
/// The same cases and raw values as payments' `LaundryAddOn`, which prices them once per job, so a job's add-ons
/// cross to payments' quote unchanged.
public enum LaundryAddOn: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Folding the clean clothes.
    case folding
    /// Ironing them.
    case ironing

    /// The name people read.
    public var displayName: String {
        switch self {
        case .folding: "Folding"
        case .ironing: "Ironing"
        }
    }

    /// In the order of ``allCases``, so a job lists its add-ons the same way every time.
    public static func < (lhs: LaundryAddOn, rhs: LaundryAddOn) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
