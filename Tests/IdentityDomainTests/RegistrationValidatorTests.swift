import Foundation
import IdentityDomain
import Testing

@Suite("RegistrationValidator")
struct RegistrationValidatorTests {
    let validator = IdentityFixtures.validator
    let now = IdentityFixtures.now

    /// The fields with violations when `change` is applied to a valid registration.
    func invalidFields(_ change: (inout RegistrationInput) -> Void) -> [String] {
        var input = IdentityFixtures.registration()
        change(&input)
        return validator.violations(in: input, now: now).map(\.field)
    }

    @Test("accepts a valid registration and normalizes it")
    func valid() throws {
        // Given
        var input = IdentityFixtures.registration()
        input.firstName = "  Ada "

        // When
        let valid = try validator.validate(input, now: now)

        // Then
        #expect(valid.email == "ada.lovelace@northfield.edu")
        #expect(valid.firstName == "Ada")
        #expect(valid.campusID == "campus-northfield")
        #expect(valid.dormID == "dorm-maple-hall")
        #expect(valid.phone == "+14155550100")
    }

    @Test(
        "accepts names in any script",
        arguments: [
            "Ада", "Ким Чен", "王小明", "محمد", "José-María", "O'Brien", "D’Angelo", "Jr.", "Zoë", "नमस्ते", "Nguyễn",
        ]
    )
    func scripts(name: String) {
        #expect(
            invalidFields {
                $0.firstName = name
                $0.lastName = name
            }.isEmpty
        )
    }

    @Test(
        "refuses bad names",
        arguments: [
            ("😀😀", "letters, not emoji"),
            ("Bob😀", "emoji"),
            ("\u{7}Bob", "control character (U+0007)"),
            ("Bob\nSmith", "control character (U+000A)"),
            ("Bo\u{200B}b", "invisible character (U+200B)"),
            (String(repeating: "a", count: 51), "51 characters"),
            ("", "is required"),
            ("   ", "is required"),
            ("R2D2", "remove \"2\""),
            ("Bob<script>", "remove \"<\""),
            ("--", "at least one letter"),
        ]
    )
    func badNames(name: String, expected: String) {
        // Given
        var input = IdentityFixtures.registration()
        input.firstName = name

        // When
        let violations = validator.violations(in: input, now: now)

        // Then
        #expect(violations.map(\.field) == ["first_name"])
        #expect(violations.first?.message.contains(expected) == true, "\(violations)")
    }

    @Test("accepts a name of exactly 50 characters, counted as people see them")
    func fiftyCharacters() {
        // "é" as e + combining accent is one character, two scalars
        #expect(invalidFields { $0.lastName = String(repeating: "e\u{301}", count: 50) }.isEmpty)
        #expect(invalidFields { $0.lastName = String(repeating: "e\u{301}", count: 51) } == ["last_name"])
    }

    @Test(
        "refuses bad emails",
        arguments: [
            "", "ada", "ada@", "@northfield.edu", "ada@@northfield.edu", "ada@northfield", "ada..l@northfield.edu",
            ".ada@northfield.edu", "ada@-northfield.edu", "ada@northfield..edu", "adä@northfield.edu",
            "ada lovelace@northfield.edu", "ada@gmail.com", "ada@evil-northfield.edu", "ada@sub.northfield.edu",
        ]
    )
    func badEmails(email: String) {
        #expect(invalidFields { $0.email = email }.contains("email"))
    }

    @Test("accepts either of the campus's domains, in any case")
    func campusDomains() {
        #expect(invalidFields { $0.email = "ADA@STUDENTS.NORTHFIELD.EDU" }.isEmpty)
        #expect(
            invalidFields {
                $0.email = "ada+laundry@northfield.edu"
                $0.password = "something long"
            }.isEmpty
        )
    }

    @Test("refuses an email of another campus than the one chosen")
    func otherCampusDomain() {
        // Given: a second campus
        let directory = CampusDirectory(campuses: [
            .northfield,
            Campus(id: "campus-south", name: "South College", emailDomains: ["south.edu"], dorms: []),
        ])
        var input = IdentityFixtures.registration()
        input.email = "ada@south.edu"

        // When
        let violations = RegistrationValidator(directory: directory).violations(in: input, now: now)

        // Then
        #expect(violations.map(\.field) == ["email"])
        #expect(violations[0].message.contains("South College, not of Northfield University"))
    }

    @Test(
        "refuses bad passwords",
        arguments: [
            ("short", "has 5 characters"),
            ("", "is required"),
            (String(repeating: "x", count: 129), "has 129 characters"),
            ("my ada.lovelace pass", "your email's name"),
            ("MY ADA.LOVELACE PASS", "your email's name"),
        ]
    )
    func badPasswords(password: String, expected: String) {
        var input = IdentityFixtures.registration()
        input.password = password
        let violations = validator.violations(in: input, now: now)
        #expect(violations.map(\.field) == ["password"])
        #expect(violations.first?.message.contains(expected) == true, "\(violations)")
        #expect(password.isEmpty || violations.first?.message.contains(password) == false)
    }

    @Test("accepts passwords of 10 and 128 characters, of any one character class")
    func passwordBounds() {
        #expect(invalidFields { $0.password = "aaaaaaaaaa" }.isEmpty)
        #expect(invalidFields { $0.password = String(repeating: "7", count: 128) }.isEmpty)
    }

    @Test("refuses a password containing the mailbox name before a plus tag")
    func plusTag() {
        #expect(
            invalidFields {
                $0.email = "ada+x@northfield.edu"
                $0.password = "ada-is-great-1"
            } == ["password"]
        )
    }

    @Test("refuses an unspecified gender but accepts prefer not to say")
    func gender() {
        #expect(invalidFields { $0.gender = .unspecified } == ["gender"])
        #expect(invalidFields { $0.gender = .preferNotToSay }.isEmpty)
    }

    @Test("refuses an unknown campus, and does not judge the dorm against it")
    func unknownCampus() {
        let fields = invalidFields { $0.campusID = "campus-atlantis" }
        #expect(fields == ["campus_id"])
    }

    @Test("refuses a dorm of no campus or a missing one")
    func dorm() {
        #expect(invalidFields { $0.dormID = "dorm-elsewhere" } == ["dorm_id"])
        #expect(invalidFields { $0.dormID = "" } == ["dorm_id"])
        #expect(invalidFields { $0.campusID = "" }.contains("campus_id"))
    }

    @Test(
        "checks rooms",
        arguments: [
            ("B-214", true), ("Suite 3 North", true), ("1", true), ("", false), ("   ", false),
            ("B/214", false), ("#12", false), (String(repeating: "1", count: 21), false),
            (String(repeating: "1", count: 20), true),
        ]
    )
    func room(room: String, valid: Bool) {
        #expect(invalidFields { $0.room = room }.isEmpty == valid)
    }

    @Test(
        "checks dates of birth at now (2026-09-01)",
        arguments: [
            (CalendarDate(year: 2010, month: 9, day: 1), true),  // 16 today
            (CalendarDate(year: 2010, month: 9, day: 2), false),  // 16 tomorrow
            (CalendarDate(year: 1906, month: 9, day: 2), true),  // 119
            (CalendarDate(year: 1906, month: 9, day: 1), true),  // 120 today
            (CalendarDate(year: 1905, month: 9, day: 1), false),  // 121
            (CalendarDate(year: 2004, month: 2, day: 29), true),
            (CalendarDate(year: 2005, month: 2, day: 29), false),  // not a leap year
            (CalendarDate(year: 2000, month: 13, day: 1), false),
            (CalendarDate(year: 2000, month: 4, day: 31), false),
            (CalendarDate(year: 2030, month: 1, day: 1), false),
        ]
    )
    func dateOfBirth(date: CalendarDate, valid: Bool) {
        #expect(invalidFields { $0.dateOfBirth = date }.isEmpty == valid)
    }

    @Test("refuses a missing date of birth and says why an age is refused")
    func dateOfBirthMessages() {
        var input = IdentityFixtures.registration()
        input.dateOfBirth = nil
        #expect(validator.violations(in: input, now: now).first?.message == "date_of_birth is required")
        input.dateOfBirth = CalendarDate(year: 2012, month: 1, day: 1)
        #expect(validator.violations(in: input, now: now).first?.message.contains("at least 16") == true)
    }

    @Test(
        "checks phones: optional, E.164",
        arguments: [
            (nil, true), ("", true), ("+14155550100", true), ("+4930123456", true),
            ("14155550100", false), ("+1 415 555 0100", false), ("+0123456789", false), ("+123", false),
            ("+1234567890123456", false), ("+1415555O100", false),
        ] as [(String?, Bool)]
    )
    func phone(phone: String?, valid: Bool) {
        #expect(invalidFields { $0.phone = phone }.isEmpty == valid)
    }

    @Test("returns every violation at once, named as in the proto")
    func allViolationsTogether() throws {
        // Given: everything wrong
        let input = RegistrationInput(
            email: "ada@gmail.com",
            password: "short",
            firstName: "😀😀",
            lastName: "\u{7}Bob",
            gender: .unspecified,
            campusID: "campus-northfield",
            dormID: "dorm-nowhere",
            room: "",
            dateOfBirth: CalendarDate(year: 2020, month: 1, day: 1),
            phone: "555"
        )

        // When
        let error = try #require(throws: IdentityError.self) { try validator.validate(input, now: now) }

        // Then
        let fields = error.violations.map(\.field)
        #expect(
            Set(fields) == [
                "email", "password", "first_name", "last_name", "gender", "dorm_id", "room", "date_of_birth", "phone",
            ]
        )
        #expect(fields.count == 9)
        #expect(error.message.hasPrefix("9 fields are invalid"))
        #expect(error.violations.allSatisfy { $0.message.hasPrefix($0.field + " ") })
    }
}
