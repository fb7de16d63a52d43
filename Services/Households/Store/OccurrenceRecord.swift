import GRDB
import HouseholdsDomain

/// One turn of a chore (H5, H6): its due time and assignees; once done, a history entry with the doer, the points
/// earned, an optional photo and another member's rating.
struct OccurrenceRecord: Sendable, Hashable {
    var id: String
    var choreID: String
    var householdID: String
    var dueAt: Int64
    /// Empty when unassigned (every chosen member left): any member may do it.
    var assigneeIDs: [String]
    /// The rotation's turn that picked the assignee.
    var turn: Int?
    var doneBy: String?
    var doneAt: Int64?
    var points: Int?
    var photoDocumentID: String?
    var rating: ChoreRating?

    var isDone: Bool { doneAt != nil }

    /// The occurrence as HouseholdsDomain rules on it.
    var occurrence: ChoreOccurrence {
        ChoreOccurrence(
            dueAtMicros: dueAt,
            pick: ChoreRotation.Pick(assignees: assigneeIDs, turn: turn),
            completion: completion
        )
    }

    /// The history entry, once done.
    var completion: ChoreCompletion? {
        guard let doneBy, let doneAt else { return nil }
        return ChoreCompletion(
            doneBy: doneBy,
            doneAtMicros: doneAt,
            points: points ?? 0,
            photoDocumentID: photoDocumentID,
            rating: rating
        )
    }

    /// An open occurrence `id` of `chore` from the domain's `occurrence`.
    init(id: String, of chore: ChoreRecord, _ occurrence: ChoreOccurrence) {
        self.id = id
        choreID = chore.id
        householdID = chore.householdID
        dueAt = occurrence.dueAtMicros
        assigneeIDs = occurrence.assignees
        turn = occurrence.turn
    }

    init(row: Row) throws {
        id = row["id"]
        choreID = row["chore_id"]
        householdID = row["household_id"]
        dueAt = row["due_at"]
        assigneeIDs = try JSONArray.decode(row["assignee_ids"])
        turn = row["turn"]
        doneBy = row["done_by"]
        doneAt = row["done_at"]
        points = row["points"]
        photoDocumentID = row["photo_document_id"]
        if let stars: Int = row["rating_stars"], let ratedBy: String = row["rated_by"],
            let ratedAt: Int64 = row["rated_at"]
        {
            rating = ChoreRating(stars: stars, ratedBy: ratedBy, ratedAtMicros: ratedAt)
        }
    }

    /// Writes the domain's done (and rated) `occurrence` into this record.
    mutating func record(_ occurrence: ChoreOccurrence) {
        let completion = occurrence.completion
        doneBy = completion?.doneBy
        doneAt = completion?.doneAtMicros
        points = completion?.points
        photoDocumentID = completion?.photoDocumentID
        rating = completion?.rating
    }
}
