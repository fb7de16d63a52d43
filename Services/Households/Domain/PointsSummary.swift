/// Effort points per member by month and by year (H9), in the household's time zone: a chore done at 23:30 local
/// on the 31st counts in that month even when UTC has reached the 1st.
public struct PointsSummary: Sendable {
    /// One member's points against an even share of the period's total.
    public struct Share: Sendable, Hashable {
        public var memberID: String
        public var points: Int
        /// `points` over the total, 0...1 (0 when nobody earned any).
        public var share: Double
        /// 1 / the number of members.
        public var evenShare: Double
        /// `share - evenShare`: above zero did more than their part.
        public var difference: Double { share - evenShare }
    }

    private let calendar: HouseholdCalendar
    private let completions: [ChoreCompletion]

    /// Refuses an unknown time zone (`time_zone`).
    public init(completions: [ChoreCompletion], timeZone: String) throws(HouseholdsError) {
        calendar = try HouseholdCalendar(timeZone: timeZone)
        self.completions = completions.filter { $0.doneAtMicros >= 0 && $0.doneAtMicros < HouseholdCalendar.endMicros }
    }

    /// Points per member done in local `month` (1...12) of `year`; members with none are absent.
    public func monthly(year: Int, month: Int) -> [String: Int] {
        total { $0.year == year && $0.month == month }
    }

    /// Points per member done in local `year`.
    public func yearly(year: Int) -> [String: Int] {
        total { $0.year == year }
    }

    /// Each of `members` (a member with no points included) with their share of `points` (a month's or a year's)
    /// against the even share, in `members`' order.
    public static func fairness(of points: [String: Int], members: [String]) -> [Share] {
        let total = members.reduce(0) { $0 + (points[$1] ?? 0) }
        let even = members.isEmpty ? 0 : 1 / Double(members.count)
        return members.map { member in
            let earned = points[member] ?? 0
            return Share(
                memberID: member,
                points: earned,
                share: total == 0 ? 0 : Double(earned) / Double(total),
                evenShare: even
            )
        }
    }

    private func total(where included: (HouseholdCalendar.Local) -> Bool) -> [String: Int] {
        var points: [String: Int] = [:]
        for completion in completions where included(calendar.local(completion.doneAtMicros)) {
            points[completion.doneBy, default: 0] += completion.points
        }
        return points
    }
}
