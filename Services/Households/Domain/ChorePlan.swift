/// What a chore's next occurrence is made from (H4): its repeat, the day of the month it is anchored on, the
/// household's time zone, who it goes to and the effort points it earns.
public struct ChorePlan: Sendable, Hashable {
    public var repeats: ChoreRepeat
    /// The day of the month monthly and yearly chores come back on (1...31), usually the first due date's day.
    public var anchorDay: Int
    /// The household's IANA time zone.
    public var timeZone: String
    public var rotation: ChoreRotation
    /// Effort points the doer earns (0...1000).
    public var points: Int

    /// Refuses points outside 0...1000 (`points`), an anchor day outside 1...31 (`anchor_day`) and an unknown time
    /// zone (`time_zone`).
    public init(
        repeats: ChoreRepeat,
        anchorDay: Int,
        timeZone: String,
        rotation: ChoreRotation,
        points: Int
    ) throws(HouseholdsError) {
        _ = try HouseholdCalendar(timeZone: timeZone)
        guard (1...31).contains(anchorDay) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "anchor_day: \(anchorDay) is not a day of the month (1...31)",
                field: "anchor_day"
            )
        }
        guard (0...1000).contains(points) else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "points: \(points) is outside 0...1000",
                field: "points"
            )
        }
        self.repeats = repeats
        self.anchorDay = anchorDay
        self.timeZone = timeZone
        self.rotation = rotation
        self.points = points
    }
}
