/// An UpdateMyProfile request (A3): `nil` fields are left as they are.
///
/// Each present field follows the same rule as at registration. Email, campus and date of birth cannot be
/// changed here.
public struct ProfileUpdate: Sendable, Hashable {
    /// New first name.
    public var firstName: String?
    /// New last name.
    public var lastName: String?
    /// New gender; ``Gender/unspecified`` is refused.
    public var gender: Gender?
    /// New dorm, a dorm of the account's campus.
    public var dormID: String?
    /// New room.
    public var room: String?
    /// New E.164 phone; `""` clears it.
    public var phone: String?

    /// Creates an update; omitted fields stay as they are.
    public init(
        firstName: String? = nil,
        lastName: String? = nil,
        gender: Gender? = nil,
        dormID: String? = nil,
        room: String? = nil,
        phone: String? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.dormID = dormID
        self.room = room
        self.phone = phone
    }

    /// Every violation of the present fields; empty when the update is valid.
    public func violations(for account: Account, in directory: CampusDirectory) -> [FieldViolation] {
        var collector = ViolationCollector()
        _ = apply(to: account, in: directory, into: &collector)
        return collector.violations
    }

    /// The account with the update applied, or `invalidArgument` naming every bad field.
    public func applied(to account: Account, in directory: CampusDirectory) throws(IdentityError) -> Account {
        var collector = ViolationCollector()
        let updated = apply(to: account, in: directory, into: &collector)
        guard collector.violations.isEmpty else { throw IdentityError.invalidArgument(collector.violations) }
        return updated
    }

    private func apply(
        to account: Account,
        in directory: CampusDirectory,
        into collector: inout ViolationCollector
    ) -> Account {
        var updated = account
        if let firstName = collector.check("first_name", firstName, optional(NameRule.check)) ?? nil {
            updated.firstName = firstName
        }
        if let lastName = collector.check("last_name", lastName, optional(NameRule.check)) ?? nil {
            updated.lastName = lastName
        }
        if let gender = collector.check("gender", gender, optional(GenderRule.check)) ?? nil {
            updated.gender = gender
        }
        if let room = collector.check("room", room, optional(RoomRule.check)) ?? nil {
            updated.room = room
        }
        // `phone` is the one field where an empty value means something: clear it.
        if let phone, let phone = collector.check("phone", phone, PhoneRule.check) {
            updated.phone = phone
        }
        if let dormID {
            if let campus = directory.campus(id: account.campusID) {
                if let dorm = collector.check("dorm_id", dormID, DormRule(campus: campus).check) ?? nil {
                    updated.dormID = dorm.id
                }
            } else {
                collector.add("dorm_id", "cannot be changed: your campus is no longer listed; contact support")
            }
        }
        return updated
    }

    /// A rule that leaves an absent field absent.
    private func optional<Input, Value>(
        _ rule: @escaping (Input) throws(RuleViolation) -> Value
    ) -> (Input?) throws(RuleViolation) -> Value? {
        { (input: Input?) throws(RuleViolation) -> Value? in try input.map(rule) }
    }
}
