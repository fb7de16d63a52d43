public import Foundation

/// Everything identity stores about a person; the store layer maps it to rows.
///
/// Only the owner sees all of it (`Profile`); everyone else sees a ``PublicProfile``.
public struct Account: Sendable, Hashable, Codable, Identifiable {
    /// The user id (opaque; the `sub` of access tokens).
    public var id: String
    /// The campus email, lowercase; unique.
    public var email: String
    /// The ``PasswordHasher`` encoding of the password; never the password.
    public var passwordHash: String
    /// First name as entered (trimmed).
    public var firstName: String
    /// Last name as entered (trimmed); private.
    public var lastName: String
    /// Gender; never ``Gender/unspecified``.
    public var gender: Gender
    /// The campus id.
    public var campusID: String
    /// The dorm id, a dorm of ``campusID``.
    public var dormID: String
    /// Room number; private except to the assigned worker of the person's job (A4).
    public var room: String
    /// Date of birth; private.
    public var dateOfBirth: CalendarDate
    /// E.164 phone number, if given; private.
    public var phone: String?
    /// Roles held.
    public var roles: Set<Role>
    /// When the account was created.
    public var memberSince: Date
    /// Mean of the ratings received, 0 when none.
    public var rating: Double
    /// How many ratings ``rating`` is the mean of.
    public var ratingCount: Int
    /// Jobs completed as a worker.
    public var jobsDone: Int
    /// The document id of the profile picture (A8), if any.
    public var pictureDocumentID: String?

    /// Creates an account from stored values.
    public init(
        id: String,
        email: String,
        passwordHash: String,
        firstName: String,
        lastName: String,
        gender: Gender,
        campusID: String,
        dormID: String,
        room: String,
        dateOfBirth: CalendarDate,
        phone: String?,
        roles: Set<Role>,
        memberSince: Date,
        rating: Double = 0,
        ratingCount: Int = 0,
        jobsDone: Int = 0,
        pictureDocumentID: String? = nil
    ) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.campusID = campusID
        self.dormID = dormID
        self.room = room
        self.dateOfBirth = dateOfBirth
        self.phone = phone
        self.roles = roles
        self.memberSince = memberSince
        self.rating = rating
        self.ratingCount = ratingCount
        self.jobsDone = jobsDone
        self.pictureDocumentID = pictureDocumentID
    }

    /// A new account from a validated registration, with the default roles and no ratings yet.
    public init(id: String, registration: ValidRegistration, passwordHash: String, now: Date) {
        self.init(
            id: id,
            email: registration.email,
            passwordHash: passwordHash,
            firstName: registration.firstName,
            lastName: registration.lastName,
            gender: registration.gender,
            campusID: registration.campusID,
            dormID: registration.dormID,
            room: registration.room,
            dateOfBirth: registration.dateOfBirth,
            phone: registration.phone,
            roles: Role.defaultRoles,
            memberSince: now
        )
    }

    /// The role names for an access token, in wire order.
    public var roleNames: [String] {
        roles.sorted().map(\.rawValue)
    }
}
