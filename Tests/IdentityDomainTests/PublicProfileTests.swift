import Foundation
import IdentityDomain
import Testing

@Suite("PublicProfile")
struct PublicProfileTests {
    @Test("shows first name, last initial, rating, jobs, member since, picture, campus and dorm")
    func fields() {
        let profile = PublicProfile(account: IdentityFixtures.account())
        #expect(profile.userID == "user-ada")
        #expect(profile.firstName == "Ada")
        #expect(profile.lastInitial == "L.")
        #expect(profile.rating == 4.5 && profile.ratingCount == 12 && profile.jobsDone == 9)
        #expect(profile.memberSince == IdentityFixtures.now)
        #expect(profile.pictureDocumentID == "doc-42")
        #expect(profile.campusID == "campus-northfield" && profile.dormID == "dorm-maple-hall")
    }

    @Test("never carries the last name, email, phone, room or date of birth")
    func noPrivateData() throws {
        // Given
        let account = IdentityFixtures.account()

        // When
        let data = try JSONEncoder().encode(PublicProfile(account: account))
        let json = try #require(String(data: data, encoding: .utf8))

        // Then
        for secret in [account.lastName, account.email, account.phone!, account.room, "2005", account.passwordHash] {
            #expect(!json.contains(secret), "\(secret) leaked")
        }
    }

    @Test(
        "the last initial is the first letter, uppercased",
        arguments: [
            ("Lovelace", "L."), ("o'Brien", "O."), ("'t Hooft", "T."), ("ким", "К."), ("王", "王."), ("", ""),
        ]
    )
    func initial(lastName: String, initial: String) {
        var account = IdentityFixtures.account()
        account.lastName = lastName
        #expect(PublicProfile(account: account).lastInitial == initial)
    }
}
