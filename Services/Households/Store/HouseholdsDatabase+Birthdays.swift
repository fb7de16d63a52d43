import GRDB

/// H8: the reads and the write of birthday planning (``BirthdayStore``).
extension HouseholdsDatabase {
    /// Up to `limit` households not dismissed after `id` in id order, each with its current members.
    func birthdayHouseholds(after id: String, limit: Int) async throws -> [(HouseholdRecord, [String])] {
        try await storage.read { db in
            try BirthdayStore.households(after: id, limit: limit, db).map { household in
                (household, try HouseholdStore.memberIDs(of: household.id, db))
            }
        }
    }

    /// Household `id` (not dismissed) with its current members, or nil.
    func birthdayHousehold(_ id: String) async throws -> (HouseholdRecord, [String])? {
        try await storage.read { db in
            guard let household = try HouseholdStore.household(id: id, db) else { return nil }
            return (household, try HouseholdStore.memberIDs(of: id, db))
        }
    }

    /// Drops the birthday reminders of `household` that have not fired (its days before changed: they are planned
    /// again at the new time).
    func dropUnfiredBirthdayReminders(of household: String) async throws {
        try await storage.write { db in
            try db.execute(
                sql: "DELETE FROM reminder WHERE household_id = ? AND kind = 'birthday' AND fired_at IS NULL",
                arguments: [household]
            )
        }
    }

    /// Those of `planned` whose person has no reminder of that birthday yet: a read, so that a daily run that finds
    /// everything planned takes no turn on the writer.
    func missingBirthdayReminders(_ planned: [BirthdayStore.Planned]) async throws -> [BirthdayStore.Planned] {
        try await storage.read { db in
            try planned.filter { !(try BirthdayStore.exists(subject: $0.subjectID, user: $0.userID, db)) }
        }
    }

    /// Inserts `planned` (each unless there already is one, for a replica that planned meanwhile) whose person is still
    /// a current member of a household still there; returns how many were inserted.
    func insertBirthdayReminders(_ planned: [BirthdayStore.Planned], at now: Int64) async throws -> Int {
        guard !planned.isEmpty else { return 0 }
        return try await storage.write { db in
            var inserted = 0
            for reminder in planned {
                guard try HouseholdStore.household(id: reminder.householdID, db) != nil,
                    try HouseholdStore.member(reminder.userID, of: reminder.householdID, db)?.isCurrent == true
                else { continue }
                if try BirthdayStore.insert(reminder, at: now, db) { inserted += 1 }
            }
            return inserted
        }
    }
}
