import GRDB

/// Chores and their occurrences: their rows, on cached statements.
enum ChoresStore {
    /// A member left `household`: each open occurrence naming them as an assignee drops them. An occurrence left
    /// with no assignee is open to every member (HouseholdsDomain's unassigned occurrence); the next one is picked
    /// by the chore's rotation among those still present.
    static func passOn(from user: String, in household: String, at now: Int64, _ db: Database) throws {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT chore_occurrence.id, chore_occurrence.assignee_ids FROM chore_occurrence
                    JOIN chore ON chore.current_occurrence_id = chore_occurrence.id
                    WHERE chore.household_id = ? AND chore.deleted_at IS NULL AND chore_occurrence.done_at IS NULL
                    """
            ),
            arguments: [household]
        )
        for row in rows {
            let id: String = row["id"]
            let assignees = try JSONArray.decode(row["assignee_ids"])
            guard assignees.contains(user) else { continue }
            try db.cachedStatement(sql: "UPDATE chore_occurrence SET assignee_ids = ? WHERE id = ?")
                .execute(arguments: [try JSONArray.encode(assignees.filter { $0 != user }), id])
        }
    }
}
