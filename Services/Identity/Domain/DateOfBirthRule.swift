internal import Foundation

/// Date of birth (A1): a real date, and an age of 16...120 at registration.
struct DateOfBirthRule {
    static let allowedAge = 16...120

    /// The moment the age is computed at.
    var now: Date

    func check(_ date: CalendarDate?) throws(RuleViolation) -> CalendarDate {
        let allowedAge = Self.allowedAge
        guard let date else { throw RuleViolation("is required") }
        guard date.isValid else { throw RuleViolation("\(date) is not a calendar date") }
        let today = CalendarDate(utcDateOf: now)
        guard date <= today else { throw RuleViolation("is in the future; check the year") }
        let age = date.years(until: today)
        guard age >= allowedAge.lowerBound else {
            throw RuleViolation("says you are \(age); you must be at least \(allowedAge.lowerBound) to join")
        }
        guard age <= allowedAge.upperBound else {
            throw RuleViolation("is more than \(allowedAge.upperBound) years ago; check the year")
        }
        return date
    }
}
