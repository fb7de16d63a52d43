public import Foundation

/// What anyone may see of another person (A4).
///
/// The type has no field for last name, email, phone, room or date of birth, so no code path can leak them
/// through it.
public struct PublicProfile: Sendable, Hashable, Codable {
    /// The user id.
    public var userID: String
    /// First name.
    public var firstName: String
    /// The last name's first letter and a period, e.g. `K.`; empty if the last name has no letter.
    public var lastInitial: String
    /// Mean of the ratings received, 0 when none.
    public var rating: Double
    /// How many ratings ``rating`` is the mean of.
    public var ratingCount: Int
    /// Jobs completed as a worker.
    public var jobsDone: Int
    /// When the account was created.
    public var memberSince: Date
    /// The profile picture's document id, if any.
    public var pictureDocumentID: String?
    /// The campus id.
    public var campusID: String
    /// The dorm id.
    public var dormID: String

    /// The public projection of an account.
    public init(account: Account) {
        userID = account.id
        firstName = account.firstName
        lastInitial = Self.initial(of: account.lastName)
        rating = account.rating
        ratingCount = account.ratingCount
        jobsDone = account.jobsDone
        memberSince = account.memberSince
        pictureDocumentID = account.pictureDocumentID
        campusID = account.campusID
        dormID = account.dormID
    }

    /// The first letter, uppercased, then a period: `O'Brien` -> `O.`, `'t Hooft` -> `T.`, `Ким` -> `К.`.
    static func initial(of lastName: String) -> String {
        guard let letter = lastName.first(where: \.isLetter) else { return "" }
        // Uppercasing can lengthen a letter (ß -> SS); an initial stays one character.
        let upper = String(letter).uppercased()
        return (upper.count == 1 ? upper : String(letter)) + "."
    }
}
