import GRDB
import HouseholdsDomain

/// Chores and their occurrences: their rows, on cached statements.
enum ChoresStore {
    // MARK: Chores

    static func insert(_ chore: ChoreRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO chore (id, household_id, name, notes, repeat, assignment, member_ids, urgent, points,
                    anchor_day, anchor_minute, current_occurrence_id, finished, created_by, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            chore.id, chore.householdID, chore.name, chore.notes, chore.repeats.rawValue, chore.mode.rawValue,
            try JSONArray.encode(chore.memberIDs), chore.urgent, chore.points, chore.anchorDay, chore.anchorMinute,
            chore.currentOccurrenceID, chore.finished, chore.createdBy, chore.createdAt,
        ])
    }

    /// Writes what a chore's edit or a turn changes: its fields, anchors, current occurrence and whether finished.
    static func update(_ chore: ChoreRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE chore SET name = ?, notes = ?, urgent = ?, points = ?, anchor_day = ?, anchor_minute = ?,
                    current_occurrence_id = ?, finished = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            chore.name, chore.notes, chore.urgent, chore.points, chore.anchorDay, chore.anchorMinute,
            chore.currentOccurrenceID, chore.finished, chore.id,
        ])
    }

    static func delete(_ chore: String, at now: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE chore SET deleted_at = ? WHERE id = ?").execute(arguments: [now, chore])
    }

    /// Chore `id` unless deleted.
    static func chore(id: String, _ db: Database) throws -> ChoreRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM chore WHERE id = ? AND deleted_at IS NULL"),
            arguments: [id]
        ).map(ChoreRecord.init(row:))
    }

    /// The household of chore `id`, deleted or not (its history stays).
    static func household(ofChore id: String, _ db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT household_id FROM chore WHERE id = ?"), arguments: [id])
    }

    /// The name of chore `id`, deleted or not.
    static func name(ofChore id: String, _ db: Database) throws -> String {
        try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM chore WHERE id = ?"), arguments: [id]) ?? ""
    }

    /// The chores of `household` with their current occurrences, by current due time, then name.
    static func chores(
        of household: String,
        dueBefore: Int64?,
        includeFinished: Bool,
        _ db: Database
    ) throws -> [(ChoreRecord, OccurrenceRecord)] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT chore.*, chore_occurrence.id AS occurrence_id FROM chore
                    JOIN chore_occurrence ON chore_occurrence.id = chore.current_occurrence_id
                    WHERE chore.household_id = ? AND chore.deleted_at IS NULL AND (? OR chore.finished = 0)
                        AND (? IS NULL OR chore_occurrence.due_at < ?)
                    ORDER BY chore_occurrence.due_at, chore.name, chore.id
                    """
            ),
            arguments: [household, includeFinished, dueBefore, dueBefore]
        ).map { row in
            let chore = try ChoreRecord(row: row)
            guard let current = try Self.occurrence(id: row["occurrence_id"], db) else {
                throw DatabaseError(message: "chore \(chore.id) has no current occurrence")
            }
            return (chore, current)
        }
    }

    // MARK: Occurrences

    static func insert(_ occurrence: OccurrenceRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO chore_occurrence (id, chore_id, household_id, due_at, assignee_ids, turn)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            occurrence.id, occurrence.choreID, occurrence.householdID, occurrence.dueAt,
            try JSONArray.encode(occurrence.assigneeIDs), occurrence.turn,
        ])
    }

    /// Writes an open occurrence's due time and assignees.
    static func updateOpen(_ occurrence: OccurrenceRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE chore_occurrence SET due_at = ?, assignee_ids = ?, turn = ? WHERE id = ? AND done_at IS NULL"
        ).execute(arguments: [
            occurrence.dueAt, try JSONArray.encode(occurrence.assigneeIDs), occurrence.turn, occurrence.id,
        ])
    }

    /// Marks an open occurrence done; false when it was done already (nothing written).
    static func markDone(_ occurrence: OccurrenceRecord, _ db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: """
                UPDATE chore_occurrence SET done_by = ?, done_at = ?, points = ?, photo_document_id = ?
                WHERE id = ? AND done_at IS NULL
                """
        ).execute(arguments: [
            occurrence.doneBy, occurrence.doneAt, occurrence.points, occurrence.photoDocumentID, occurrence.id,
        ])
        return db.changesCount == 1
    }

    /// Records a done occurrence's first rating; false when it was rated already (nothing written).
    static func rate(_ occurrence: OccurrenceRecord, _ db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: """
                UPDATE chore_occurrence SET rating_stars = ?, rated_by = ?, rated_at = ?
                WHERE id = ? AND done_at IS NOT NULL AND rating_stars IS NULL
                """
        ).execute(arguments: [
            occurrence.rating?.stars, occurrence.rating?.ratedBy, occurrence.rating?.ratedAtMicros, occurrence.id,
        ])
        return db.changesCount == 1
    }

    static func occurrence(id: String, _ db: Database) throws -> OccurrenceRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM chore_occurrence WHERE id = ?"), arguments: [id])
            .map(OccurrenceRecord.init(row:))
    }

    // MARK: History

    /// A page of `household`'s done occurrences (of `chore` when given), newest first, after the page ending at
    /// (`doneAt`, `id`) when given; each with its chore's name.
    static func completions(
        of household: String,
        chore: String?,
        after cursor: (doneAt: Int64, id: String)?,
        limit: Int,
        _ db: Database
    ) throws -> [(OccurrenceRecord, String)] {
        let sql = """
            SELECT chore_occurrence.*, chore.name AS chore_name FROM chore_occurrence
            JOIN chore ON chore.id = chore_occurrence.chore_id
            WHERE chore_occurrence.\(chore == nil ? "household_id" : "chore_id") = ?
                AND chore_occurrence.done_at IS NOT NULL
                AND (? IS NULL OR chore_occurrence.done_at < ? OR (chore_occurrence.done_at = ? AND chore_occurrence.id < ?))
            ORDER BY chore_occurrence.done_at DESC, chore_occurrence.id DESC
            LIMIT ?
            """
        return try Row.fetchAll(
            db.cachedStatement(sql: sql),
            arguments: [
                chore ?? household, cursor?.doneAt, cursor?.doneAt, cursor?.doneAt, cursor?.id, limit,
            ]
        ).map { (try OccurrenceRecord(row: $0), $0["chore_name"]) }
    }

    /// `household`'s completions done in `from..<to` (UTC), for points.
    static func completions(of household: String, from: Int64, to: Int64, _ db: Database) throws -> [ChoreCompletion] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT done_by, done_at, points FROM chore_occurrence
                    WHERE household_id = ? AND done_at IS NOT NULL AND done_at >= ? AND done_at < ?
                    """
            ),
            arguments: [household, from, to]
        ).map { ChoreCompletion(doneBy: $0["done_by"], doneAtMicros: $0["done_at"], points: $0["points"] ?? 0) }
    }

    // MARK: Departures and returns

    /// A member left `household`: each open current occurrence naming them passes on. A rotation's goes to the next
    /// chosen member in order who is still present (unassigned when none is, its turn kept so the turns resume), a
    /// manual one drops them, a random one is picked again among those present with the occurrence's seed. The new
    /// assignees get their reminders; the leaver's were dropped by ``MemberDeparture``. Members are told.
    static func passOn(from user: String, in household: String, at now: Int64, _ db: Database) throws {
        guard let record = try HouseholdStore.household(id: household, db) else { return }
        let members = Set(try HouseholdStore.memberIDs(of: household, db))
        for (chore, occurrence) in try chores(of: household, dueBefore: nil, includeFinished: false, db)
        where !occurrence.isDone && occurrence.assigneeIDs.contains(user) {
            let pick: ChoreRotation.Pick
            switch chore.mode {
            case .manual:
                pick = ChoreRotation.Pick(assignees: occurrence.assigneeIDs.filter { $0 != user }, turn: nil)
            case .random, .rotation:
                pick = try ChoreRotation(mode: chore.mode, memberIDs: chore.memberIDs)
                    .pick(after: occurrence.turn, members: members, seed: ChoreRotation.seed(of: occurrence.id))
            }
            try reassign(occurrence, of: chore, to: pick, in: record, by: user, at: now, db)
        }
    }

    /// `user` (re)joined `household`: an unassigned open occurrence of a chore that chose them (every chosen member
    /// had left) is theirs again, picked as its assignment picks (a rotation resumes after its last turn).
    static func takeUp(_ user: String, in household: String, at now: Int64, _ db: Database) throws {
        guard let record = try HouseholdStore.household(id: household, db) else { return }
        let members = Set(try HouseholdStore.memberIDs(of: household, db))
        for (chore, occurrence) in try chores(of: household, dueBefore: nil, includeFinished: false, db)
        where !occurrence.isDone && occurrence.assigneeIDs.isEmpty && chore.memberIDs.contains(user) {
            let pick = try ChoreRotation(mode: chore.mode, memberIDs: chore.memberIDs)
                .pick(after: occurrence.turn, members: members, seed: ChoreRotation.seed(of: occurrence.id))
            try reassign(occurrence, of: chore, to: pick, in: record, by: user, at: now, db)
        }
    }

    /// Gives open `occurrence` to `pick`'s assignees with their reminders, and tells the members.
    private static func reassign(
        _ occurrence: OccurrenceRecord,
        of chore: ChoreRecord,
        to pick: ChoreRotation.Pick,
        in household: HouseholdRecord,
        by user: String,
        at now: Int64,
        _ db: Database
    ) throws {
        var occurrence = occurrence
        occurrence.assigneeIDs = pick.assignees
        occurrence.turn = pick.turn
        try updateOpen(occurrence, db)
        try ReminderStore.arm(occurrence, of: chore, in: household, rearm: false, at: now, db)
        var event = HouseholdsFeed.event(.choreChanged, household, by: user, at: now)
        event.chore = ChoresProtoMapping.chore(chore, occurrence)
        event.userID = user
        try HouseholdsFeed.changed(event, in: household.id, at: now, db)
    }
}
