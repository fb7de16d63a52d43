import GRDB
import HouseholdsDomain

/// A chore's row (H4): what it is, how it repeats and who does it. Its turns are ``OccurrenceRecord``s;
/// `currentOccurrenceID` is the one not yet done (a once chore's last, done, when `finished`).
struct ChoreRecord: Sendable, Hashable {
    var id: String
    var householdID: String
    var name: String
    var notes: String
    var repeats: ChoreRepeat
    var mode: ChoreRotation.Mode
    /// The chosen members, in rotation order; kept as chosen when members leave, so a rejoining one takes their place.
    var memberIDs: [String]
    var urgent: Bool
    var points: Int
    /// The local day of the month monthly and yearly chores come back on (ChorePlan's `anchorDay`).
    var anchorDay: Int
    /// The local time of day occurrences are due at, in minutes after midnight (ChorePlan's `anchorMinuteOfDay`).
    var anchorMinute: Int?
    var currentOccurrenceID: String
    var finished: Bool
    var createdBy: String
    var createdAt: Int64

    /// The chore's rules, in `timeZone` (the household's), as HouseholdsDomain makes the next occurrence from them.
    func plan(timeZone: String) throws(HouseholdsError) -> ChorePlan {
        try ChorePlan(
            repeats: repeats,
            anchorDay: anchorDay,
            anchorMinuteOfDay: anchorMinute,
            timeZone: timeZone,
            rotation: try ChoreRotation(mode: mode, memberIDs: memberIDs),
            points: points
        )
    }
}

extension ChoreRecord {
    init(row: Row) throws {
        self.init(
            id: row["id"],
            householdID: row["household_id"],
            name: row["name"],
            notes: row["notes"],
            repeats: ChoreRepeat(rawValue: row["repeat"]) ?? .once,
            mode: ChoreRotation.Mode(rawValue: row["assignment"]) ?? .manual,
            memberIDs: try JSONArray.decode(row["member_ids"]),
            urgent: row["urgent"],
            points: row["points"],
            anchorDay: row["anchor_day"],
            anchorMinute: row["anchor_minute"],
            currentOccurrenceID: row["current_occurrence_id"] ?? "",
            finished: row["finished"],
            createdBy: row["created_by"],
            createdAt: row["created_at"]
        )
    }
}
