/// How quad-load ends after writing its report, and the exit status that says so (docs/load-testing.md).
public enum LoadOutcome: Sendable, Hashable {
    /// The run met its bounds and the harness kept its schedule: exit 0.
    case passed
    /// A fixed-rate run missed a bound (errors or p99 of a method, or failed journeys): exit 4, whatever the
    /// harness's validity, since failed calls are failures either way.
    case missedBounds
    /// The bounds were met (or, in step mode, not judged) but the harness could not keep its schedule, so the
    /// figures are not to be trusted: exit 3.
    case invalid

    /// The outcome of `report`.
    public init(_ report: LoadReport) {
        if let verdict = report.verdict, !verdict.metBounds {
            self = .missedBounds
        } else if !report.valid {
            self = .invalid
        } else {
            self = .passed
        }
    }

    /// The process's exit status.
    public var exitStatus: Int32 {
        switch self {
        case .passed: 0
        case .invalid: 3
        case .missedBounds: 4
        }
    }
}
