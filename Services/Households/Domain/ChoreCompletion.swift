/// A chore history entry (H6, H9): who marked an occurrence done, when, the points earned, an optional photo (a
/// document id of the document store, F8) and the rating another member gave it later.
public struct ChoreCompletion: Sendable, Hashable {
    public var doneBy: String
    public var doneAtMicros: Int64
    public var points: Int
    public var photoDocumentID: String?
    public var rating: ChoreRating?

    public init(
        doneBy: String,
        doneAtMicros: Int64,
        points: Int,
        photoDocumentID: String? = nil,
        rating: ChoreRating? = nil
    ) {
        self.doneBy = doneBy
        self.doneAtMicros = doneAtMicros
        self.points = points
        self.photoDocumentID = photoDocumentID
        self.rating = rating
    }
}
