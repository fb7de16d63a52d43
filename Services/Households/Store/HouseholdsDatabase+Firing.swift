import GRDB

/// H7, H8, rent: firing due reminders, exactly once. One write transaction claims a batch of due rows, marks each
/// fired and logs its `ReminderDue` in the same transaction, so a reminder's feed event exists exactly when its row
/// is marked fired: a crash before the commit fires nothing, one after has fired it once, and two schedulers (two
/// processes on the file, or two instances in one) cannot both fire a row (the writes are serialized and each claim
/// is guarded by `fired_at IS NULL`).
extension HouseholdsDatabase {
    /// What one claim did.
    struct FiringBatch: Sendable, Hashable {
        /// Due rows the claim read (at most its limit): fewer than the limit means nothing more is due.
        var claimed: Int
        /// Reminders fired, each with its feed event.
        var fired: Int
        /// Reminders deleted unfired: their person, or the member their birthday is about, is no longer a current
        /// member, or the household was dismissed.
        var dropped: Int
    }

    /// Fires up to `limit` reminders due by `now`, soonest first, in one transaction.
    ///
    /// A reminder goes only to a current member of a household that is not dismissed, and a birthday's only while
    /// the member it is about is still one. Any other due row is deleted without an event: leaving already deletes
    /// the leaver's own unfired reminders (``MemberDeparture``), so these are the rows about someone who left, or
    /// written by a change that raced the departure. Deleting (rather than marking fired) keeps "fired" meaning
    /// "told", and lets a member who rejoins be reminded again.
    func fireDueReminders(now: Int64, limit: Int) async throws -> FiringBatch {
        try await storage.write { db in
            let due = try ReminderFiring.due(by: now, limit: limit, db)
            var households: [String: HouseholdRecord?] = [:]
            var current: [String: Bool] = [:]
            func household(_ id: String) throws -> HouseholdRecord? {
                if let known = households[id] { return known }
                let record = try HouseholdStore.household(id: id, db)
                households[id] = record
                return record
            }
            func isCurrent(_ user: String, of household: String) throws -> Bool {
                let key = household + "\u{0}" + user
                if let known = current[key] { return known }
                let answer = try HouseholdStore.member(user, of: household, db)?.isCurrent ?? false
                current[key] = answer
                return answer
            }
            var batch = FiringBatch(claimed: due.count, fired: 0, dropped: 0)
            for row in due {
                guard let record = try household(row.householdID) else {
                    try ReminderFiring.drop(row.id, db)
                    batch.dropped += 1
                    continue
                }
                let reminder = ReminderFiring.message(row, householdName: record.name, firedAt: now)
                let about = reminder.kind == .birthday ? reminder.birthdayUserID : ""
                guard try isCurrent(row.userID, of: row.householdID),
                    try about.isEmpty || isCurrent(about, of: row.householdID)
                else {
                    try ReminderFiring.drop(row.id, db)
                    batch.dropped += 1
                    continue
                }
                guard try ReminderFiring.markFired(row.id, at: now, db) else { continue }
                try HouseholdsFeed.reminderDue(reminder, at: now, db)
                batch.fired += 1
            }
            return batch
        }
    }

    /// The earliest due time of an unfired reminder, if there is one.
    func earliestUnfiredReminder() async throws -> Int64? {
        try await storage.read { db in try ReminderFiring.earliestDue(db) }
    }
}
