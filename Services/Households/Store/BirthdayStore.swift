import GRDB

/// H8: what birthday planning reads and writes. The households are walked in id order, a page at a time; a planned
/// reminder is a `reminder` row of kind `birthday`, one per person reminded, member it is about and year
/// (`subject_id` = `<household_id>:<birthday_user_id>:<yyyy>`), inserted unless there already is one.
enum BirthdayStore {
    /// A birthday reminder to insert.
    struct Planned: Sendable, Hashable {
        var id: String
        var householdID: String
        /// Who is reminded.
        var userID: String
        var subjectID: String
        var dueAt: Int64
        /// The `Quad_Households_V1_Reminder` as protobuf JSON.
        var details: String
    }

    /// Up to `limit` households not dismissed whose id is after `id`, in id order.
    static func households(after id: String, limit: Int, _ db: Database) throws -> [HouseholdRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM household WHERE id > ? AND dismissed_at IS NULL ORDER BY id LIMIT ?"
            ),
            arguments: [id, limit]
        ).map(HouseholdRecord.init(row:))
    }

    /// Whether `user` has the birthday reminder `subject` (fired or not).
    static func exists(subject: String, user: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: existsSQL), arguments: [subject, user]) ?? false
    }

    static let existsSQL = "SELECT 1 FROM reminder WHERE kind = 'birthday' AND subject_id = ? AND user_id = ?"

    /// Inserts `planned` unless its person already has that birthday's reminder: planning twice, or from two
    /// replicas, inserts it once. True when this call inserted it.
    static func insert(_ planned: Planned, at now: Int64, _ db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO reminder (id, household_id, user_id, kind, subject_id, due_at, details, created_at)
                VALUES (?, ?, ?, 'birthday', ?, ?, ?, ?)
                """
        ).execute(arguments: [
            planned.id, planned.householdID, planned.userID, planned.subjectID, planned.dueAt, planned.details, now,
        ])
        return db.changesCount == 1
    }
}
