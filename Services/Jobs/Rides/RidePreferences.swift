/// Who the offerer would share the taxi with (R1): an age range, either end of which may be open, or nobody in
/// particular.
public struct RidePreferences: Sendable, Hashable, Codable {
    /// The youngest rider welcome, 0 for no lower limit.
    public var minimumAge: Int
    /// The oldest rider welcome, 0 for no upper limit.
    public var maximumAge: Int

    /// Creates preferences; 0 and 0 is none.
    public init(minimumAge: Int, maximumAge: Int) {
        self.minimumAge = minimumAge
        self.maximumAge = maximumAge
    }

    /// Anyone is welcome.
    public static let anyone = RidePreferences(minimumAge: 0, maximumAge: 0)

    /// The ages welcome (an open end is 0 or `Int.max`), `nil` when anyone is.
    public var ages: ClosedRange<Int>? {
        guard self != .anyone else { return nil }
        let upper = maximumAge == 0 ? Int.max : maximumAge
        return minimumAge <= upper ? minimumAge...upper : nil
    }

    /// The range as people read it ("18 to 30", "18 and over", "up to 30"), `nil` when anyone is welcome.
    public var readableAges: String? {
        switch (minimumAge, maximumAge) {
        case (0, 0): nil
        case (0, let maximum): "up to \(maximum)"
        case (let minimum, 0): "\(minimum) and over"
        case (let minimum, let maximum): "\(minimum) to \(maximum)"
        }
    }

    /// Whether a rider of `age` is welcome: anyone when there is no range; otherwise only an age known and in it.
    public func admits(age: Int?) -> Bool {
        guard let ages else { return true }
        guard let age else { return false }
        return ages.contains(age)
    }

    /// Refuses an end that is neither 0 nor in `allowed`, or a range upside down, naming `preferences.min_age` or
    /// `preferences.max_age`; none is fine.
    func validate(allowed: ClosedRange<Int>) throws(JobsError) {
        guard minimumAge == 0 || allowed.contains(minimumAge) else {
            throw .ageOutOfRange(field: "preferences.min_age", minimumAge, allowed: allowed)
        }
        guard maximumAge == 0 || allowed.contains(maximumAge) else {
            throw .ageOutOfRange(field: "preferences.max_age", maximumAge, allowed: allowed)
        }
        guard minimumAge == 0 || maximumAge == 0 || minimumAge <= maximumAge else { throw .agesUpsideDown(self) }
    }
}
