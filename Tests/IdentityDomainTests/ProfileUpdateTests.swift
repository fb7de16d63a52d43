import IdentityDomain
import Testing

@Suite("ProfileUpdate")
struct ProfileUpdateTests {
    let account = IdentityFixtures.account()

    @Test("changes only the fields present")
    func partial() throws {
        // Given
        let update = ProfileUpdate(firstName: " Ада ", room: "C-9")

        // When
        let updated = try update.applied(to: account, in: .demo)

        // Then
        #expect(updated.firstName == "Ада")
        #expect(updated.room == "C-9")
        var expected = account
        expected.firstName = "Ада"
        expected.room = "C-9"
        #expect(updated == expected)
    }

    @Test("an empty update changes nothing")
    func empty() throws {
        #expect(try ProfileUpdate().applied(to: account, in: .demo) == account)
    }

    @Test("an empty phone clears it; a valid one replaces it")
    func phone() throws {
        #expect(try ProfileUpdate(phone: "").applied(to: account, in: .demo).phone == nil)
        #expect(try ProfileUpdate(phone: "+442071838750").applied(to: account, in: .demo).phone == "+442071838750")
    }

    @Test("moves to another dorm of the same campus")
    func dorm() throws {
        let updated = try ProfileUpdate(dormID: "dorm-cedar-court").applied(to: account, in: .demo)
        #expect(updated.dormID == "dorm-cedar-court")
    }

    @Test("refuses every bad present field at once, with the registration rules")
    func violations() throws {
        // Given
        let update = ProfileUpdate(
            firstName: "😀😀",
            lastName: String(repeating: "k", count: 51),
            gender: .unspecified,
            dormID: "dorm-elsewhere",
            room: "B/12",
            phone: "12345"
        )

        // When
        let error = try #require(throws: IdentityError.self) { try update.applied(to: account, in: .demo) }

        // Then
        #expect(error.violations.map(\.field) == ["first_name", "last_name", "gender", "room", "phone", "dorm_id"])
        #expect(update.violations(for: account, in: .demo).count == 6)
    }

    @Test("refuses a dorm change when the account's campus is no longer listed")
    func unlistedCampus() {
        let update = ProfileUpdate(dormID: "dorm-maple-hall")
        let violations = update.violations(for: account, in: CampusDirectory(campuses: []))
        #expect(violations.map(\.field) == ["dorm_id"])
    }
}
