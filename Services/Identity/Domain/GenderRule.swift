/// Gender (A1): must be given; "prefer not to say" is a valid answer.
enum GenderRule {
    static func check(_ gender: Gender) throws(RuleViolation) -> Gender {
        guard gender != .unspecified else {
            throw RuleViolation("is required; choose prefer_not_to_say to keep it to yourself")
        }
        return gender
    }
}
