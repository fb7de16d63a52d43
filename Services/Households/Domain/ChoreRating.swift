/// A member's rating of a done chore (H6): 1 to 5 stars, by a member who is not the doer, once.
public struct ChoreRating: Sendable, Hashable {
    public var stars: Int
    public var ratedBy: String
    public var ratedAtMicros: Int64

    public init(stars: Int, ratedBy: String, ratedAtMicros: Int64) {
        self.stars = stars
        self.ratedBy = ratedBy
        self.ratedAtMicros = ratedAtMicros
    }
}
