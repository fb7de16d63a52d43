import GRDB

/// A person stops being a member of a household (left, removed, account deleted), in the transaction of that
/// change: their membership ends, their reminders there that have not fired are dropped, and a chore occurrence they
/// were assigned passes on (``ChoresStore/passOn(from:in:at:_:)``). Their balance and history stay.
enum MemberDeparture {
    static func apply(_ user: String, leaving household: String, at now: Int64, _ db: Database) throws {
        try HouseholdStore.leave(user, household, at: now, db)
        try db.execute(
            sql: "DELETE FROM reminder WHERE household_id = ? AND user_id = ? AND fired_at IS NULL",
            arguments: [household, user]
        )
        try ChoresStore.passOn(from: user, in: household, at: now, db)
    }
}
