/// A Register request as it arrived, unchecked (A1).
public struct RegistrationInput: Sendable, Hashable {
    /// Campus email.
    public var email: String
    /// Password in clear; hash it with ``PasswordHasher`` and drop it.
    public var password: String
    /// First name.
    public var firstName: String
    /// Last name.
    public var lastName: String
    /// Gender; ``Gender/unspecified`` is refused.
    public var gender: Gender
    /// Campus id.
    public var campusID: String
    /// Dorm id, a dorm of the campus.
    public var dormID: String
    /// Room.
    public var room: String
    /// Date of birth; `nil` when the request has none.
    public var dateOfBirth: CalendarDate?
    /// E.164 phone; `nil` or empty for none.
    public var phone: String?

    /// Creates an input.
    public init(
        email: String,
        password: String,
        firstName: String,
        lastName: String,
        gender: Gender,
        campusID: String,
        dormID: String,
        room: String,
        dateOfBirth: CalendarDate?,
        phone: String? = nil
    ) {
        self.email = email
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.campusID = campusID
        self.dormID = dormID
        self.room = room
        self.dateOfBirth = dateOfBirth
        self.phone = phone
    }
}

/// A registration that passed every rule, with values normalized for storage.
public struct ValidRegistration: Sendable, Hashable {
    /// The email, lowercase.
    public var email: String
    /// The password in clear, to hash.
    public var password: String
    /// First name, trimmed, NFC.
    public var firstName: String
    /// Last name, trimmed, NFC.
    public var lastName: String
    /// Gender, never unspecified.
    public var gender: Gender
    /// A known campus.
    public var campusID: String
    /// A dorm of that campus.
    public var dormID: String
    /// Room, trimmed.
    public var room: String
    /// A real date, age 16...120 at registration.
    public var dateOfBirth: CalendarDate
    /// E.164 phone, if any.
    public var phone: String?
}
