/// What a chore's next occurrence is made from (H4): its repeat, the day of the month it is anchored on, the
/// household's time zone, who it goes to and the effort points it earns.
public struct ChorePlan: Sendable, Hashable {
    public var repeats: ChoreRepeat
    /// The day of the month monthly and yearly chores come back on (1...31), usually the first due date's day.
    public var anchorDay: Int
    /// The local time of day occurrences are due at, in minutes after midnight (570 for 09:30), so one moved by a
    /// daylight-saving gap returns to it the next time; nil keeps each due time's own wall-clock time.
    public var anchorMinuteOfDay: Int?
    /// The household's IANA time zone.
    public var timeZone: String
    public var rotation: ChoreRotation
    /// Effort points the doer earns (0...1000).
    public var points: Int

    /// Refuses points outside 0...1000 (`points`), an anchor day outside 1...31 (`anchor_day`), an anchor minute
    /// outside 0..<1440 (`anchor_minute_of_day`) and an unknown time zone (`time_zone`).
    public init(
        repeats: ChoreRepeat,
        anchorDay: Int,
        anchorMinuteOfDay: Int? = nil,
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
        if let anchorMinuteOfDay, !(0..<1440).contains(anchorMinuteOfDay) {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "anchor_minute_of_day: \(anchorMinuteOfDay) is outside 0..<1440 (00:00 to 23:59)",
                field: "anchor_minute_of_day"
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
        self.anchorMinuteOfDay = anchorMinuteOfDay
        self.timeZone = timeZone
        self.rotation = rotation
        self.points = points
    }
}
