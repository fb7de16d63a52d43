/// Who the offerer would share the taxi with (R1): an age range, or nobody in particular.
public struct RidePreferences: Sendable, Hashable, Codable {
    /// The youngest rider welcome, 0 when there is no range.
    public var minimumAge: Int
    /// The oldest rider welcome, 0 when there is no range.
    public var maximumAge: Int

    /// Creates preferences; 0 and 0 is none.
    public init(minimumAge: Int, maximumAge: Int) {
        self.minimumAge = minimumAge
        self.maximumAge = maximumAge
    }

    /// Anyone is welcome.
    public static let anyone = RidePreferences(minimumAge: 0, maximumAge: 0)

    /// The ages welcome, `nil` when anyone is.
    public var ages: ClosedRange<Int>? {
        self == .anyone || minimumAge > maximumAge ? nil : minimumAge...maximumAge
    }

    /// Whether a rider of `age` is welcome: anyone when there is no range; otherwise only an age known and in it.
    public func admits(age: Int?) -> Bool {
        guard let ages else { return true }
        guard let age else { return false }
        return ages.contains(age)
    }

    /// Refuses a range outside `allowed` or upside down, naming `preferences.min_age` or `preferences.max_age`; none
    /// is fine.
    func validate(allowed: ClosedRange<Int>) throws(JobsError) {
        guard self != .anyone else { return }
        guard allowed.contains(minimumAge) else {
            throw .ageOutOfRange(field: "preferences.min_age", minimumAge, allowed: allowed)
        }
        guard allowed.contains(maximumAge) else {
            throw .ageOutOfRange(field: "preferences.max_age", maximumAge, allowed: allowed)
        }
        guard minimumAge <= maximumAge else { throw .agesUpsideDown(self) }
    }
}
