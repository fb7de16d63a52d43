import HouseholdsDomain

/// A chore as CreateChore asks for it (H4), checked field by field by the handler; the transaction checks the
/// household and its members.
struct ChoreDraft: Sendable {
    var id: String
    /// The first occurrence's id.
    var occurrenceID: String
    var householdID: String
    var name: String
    var notes: String
    var dueAt: Int64
    var repeats: ChoreRepeat
    var rotation: ChoreRotation
    var urgent: Bool
    var points: Int
    var createdBy: String
    var createdAt: Int64
}

/// What EditChore changes (H4): nil keeps a field.
struct ChoreEdit: Sendable {
    var name: String?
    var notes: String?
    var urgent: Bool?
    var points: Int?
    var dueAt: Int64?
}
