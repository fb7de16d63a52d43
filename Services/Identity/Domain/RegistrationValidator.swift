public import Foundation

/// Checks a registration against every A1 rule and reports all violations at once.
///
/// Field names in violations are the proto's (`first_name`, `date_of_birth`, ...).
public struct RegistrationValidator: Sendable {
    /// The campuses whose email domains, ids and dorms are accepted.
    public var directory: CampusDirectory

    /// Creates a validator for a directory.
    public init(directory: CampusDirectory) {
        self.directory = directory
    }

    /// Every violation of `input` at `now` (age is computed at `now`); empty when it is valid.
    public func violations(in input: RegistrationInput, now: Date) -> [FieldViolation] {
        var collector = ViolationCollector()
        _ = validate(input, now: now, into: &collector)
        return collector.violations
    }

    /// The normalized registration, or `invalidArgument` naming every bad field.
    public func validate(_ input: RegistrationInput, now: Date) throws(IdentityError) -> ValidRegistration {
        var collector = ViolationCollector()
        guard let valid = validate(input, now: now, into: &collector), collector.violations.isEmpty else {
            throw IdentityError.invalidArgument(collector.violations)
        }
        return valid
    }

    private func validate(
        _ input: RegistrationInput,
        now: Date,
        into collector: inout ViolationCollector
    ) -> ValidRegistration? {
        let email = collector.check("email", input.email, EmailRule.check)
        let password = collector.check("password", input.password, PasswordRule(email: email).check)
        let firstName = collector.check("first_name", input.firstName, NameRule.check)
        let lastName = collector.check("last_name", input.lastName, NameRule.check)
        let gender = collector.check("gender", input.gender, GenderRule.check)
        let campus = checkCampus(input.campusID, email: email, into: &collector)
        let dorm = collector.check("dorm_id", input.dormID, DormRule(campus: campus).check) ?? nil
        let room = collector.check("room", input.room, RoomRule.check)
        let dateOfBirth = collector.check("date_of_birth", input.dateOfBirth, DateOfBirthRule(now: now).check)
        let phone = collector.check("phone", input.phone, PhoneRule.check)

        guard let email, let password, let firstName, let lastName, let gender, let campus, let dorm, let room,
            let dateOfBirth, let phone
        else { return nil }
        return ValidRegistration(
            email: email.address,
            password: password,
            firstName: firstName,
            lastName: lastName,
            gender: gender,
            campusID: campus.id,
            dormID: dorm.id,
            room: room,
            dateOfBirth: dateOfBirth,
            phone: phone
        )
    }

    /// The campus `campusID` names, if any; records a violation when it names none or when the email's domain is
    /// not one of its domains.
    private func checkCampus(
        _ campusID: String,
        email: EmailAddress?,
        into collector: inout ViolationCollector
    ) -> Campus? {
        let emailCampus = email.flatMap { directory.campus(forEmailDomain: $0.domain) }
        if let email, emailCampus == nil {
            collector.add("email", "is at \(email.domain), which is not a campus on Quad; use your campus email")
        }
        guard !campusID.isEmpty else {
            collector.add("campus_id", "is required; ListCampuses lists the campuses")
            return nil
        }
        guard let campus = directory.campus(id: campusID) else {
            collector.add("campus_id", "\"\(campusID.prefix(64))\" is not a known campus; ListCampuses lists them")
            return nil
        }
        if let emailCampus, emailCampus.id != campus.id {
            collector.add("email", "is an address of \(emailCampus.name), not of \(campus.name); pick that campus")
        }
        return campus
    }
}
