import Foundation
import IdentityDomain

/// Shared values for identity domain tests.
enum IdentityFixtures {
    /// 2026-09-01 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_788_264_000)

    static let validator = RegistrationValidator(directory: .demo)

    static func registration() -> RegistrationInput {
        RegistrationInput(
            email: "Ada.Lovelace@Northfield.edu",
            password: "correct horse battery",
            firstName: "Ada",
            lastName: "Lovelace",
            gender: .female,
            campusID: "campus-northfield",
            dormID: "dorm-maple-hall",
            room: "B-214",
            dateOfBirth: CalendarDate(year: 2005, month: 12, day: 10),
            phone: "+14155550100"
        )
    }

    static func account() -> Account {
        Account(
            id: "user-ada",
            email: "ada.lovelace@northfield.edu",
            passwordHash: "$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA",
            firstName: "Ada",
            lastName: "Lovelace",
            gender: .female,
            campusID: "campus-northfield",
            dormID: "dorm-maple-hall",
            room: "B-214",
            dateOfBirth: CalendarDate(year: 2005, month: 12, day: 10),
            phone: "+14155550100",
            roles: Role.defaultRoles,
            memberSince: now,
            rating: 4.5,
            ratingCount: 12,
            jobsDone: 9,
            pictureDocumentID: "doc-42"
        )
    }
}
