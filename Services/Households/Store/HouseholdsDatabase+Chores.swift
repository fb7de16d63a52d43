import GRDB
import HouseholdsDomain
import QuadContracts
import QuadKernel

/// H4-H6, H9: chores, their turns, history and points. Every change is logged for the members' feeds in its
/// transaction, with the reminder rows of the occurrences it creates or moves (H7).
extension HouseholdsDatabase {
    /// H4: `draft` with its first occurrence, picked among the household's current members.
    func create(_ draft: ChoreDraft) async throws -> (ChoreRecord, OccurrenceRecord) {
        try await storage.write { db in
            let access = try HouseholdAccess.require(draft.createdBy, in: draft.householdID, db)
            for (index, member) in draft.rotation.memberIDs.enumerated() {
                try access.requireMember(member, field: "member_ids[\(index)]", db)
            }
            let anchor = try Self.anchor(of: draft.dueAt, in: access.household.timeZone)
            let chore = ChoreRecord(
                id: draft.id,
                householdID: draft.householdID,
                name: draft.name,
                notes: draft.notes,
                repeats: draft.repeats,
                mode: draft.rotation.mode,
                memberIDs: draft.rotation.memberIDs,
                urgent: draft.urgent,
                points: draft.points,
                anchorDay: anchor.day,
                anchorMinute: anchor.minute,
                currentOccurrenceID: draft.occurrenceID,
                finished: false,
                createdBy: draft.createdBy,
                createdAt: draft.createdAt
            )
            let plan = try chore.plan(timeZone: access.household.timeZone)
            let members = Set(try HouseholdStore.memberIDs(of: draft.householdID, db))
            let pick = plan.rotation.first(members: members, seed: ChoreRotation.seed(of: draft.occurrenceID))
            let occurrence = OccurrenceRecord(
                id: draft.occurrenceID,
                of: chore,
                ChoreOccurrence(dueAtMicros: draft.dueAt, pick: pick)
            )
            try ChoresStore.insert(chore, db)
            try ChoresStore.insert(occurrence, db)
            try ReminderStore.arm(occurrence, of: chore, in: access.household, rearm: false, at: draft.createdAt, db)
            try Self.logChange(chore, occurrence, access.household, by: draft.createdBy, at: draft.createdAt, db)
            return (chore, occurrence)
        }
    }

    /// H4: applies `edit` to chore `id`. A new due time moves the current occurrence (and its anchors: later ones
    /// come back on its day and time) and its reminders; a finished chore has no due time to move.
    func edit(_ id: String, _ edit: ChoreEdit, by user: String, at now: Int64) async throws
        -> (ChoreRecord, OccurrenceRecord)
    {
        try await storage.write { db in
            let (access, found, current) = try Self.choreAccess(user, id, db)
            var chore = found
            var occurrence = current
            if let name = edit.name { chore.name = name }
            if let notes = edit.notes { chore.notes = notes }
            if let urgent = edit.urgent { chore.urgent = urgent }
            if let points = edit.points { chore.points = points }
            if let dueAt = edit.dueAt {
                guard !occurrence.isDone else {
                    throw HouseholdsError(
                        code: .failedPrecondition,
                        message: "due_at_micros: this chore was done once and is finished; create a new one",
                        field: "due_at_micros"
                    )
                }
                let anchor = try Self.anchor(of: dueAt, in: access.household.timeZone)
                chore.anchorDay = anchor.day
                chore.anchorMinute = anchor.minute
                occurrence.dueAt = dueAt
                try ChoresStore.updateOpen(occurrence, db)
            }
            try ChoresStore.update(chore, db)
            if !occurrence.isDone {
                try ReminderStore.arm(
                    occurrence,
                    of: chore,
                    in: access.household,
                    rearm: edit.dueAt != nil,
                    at: now,
                    db
                )
            }
            try Self.logChange(chore, occurrence, access.household, by: user, at: now, db)
            return (chore, occurrence)
        }
    }

    /// H4: deletes chore `id`; its history stays (and counts for points), its unfired reminders go.
    func deleteChore(_ id: String, by user: String, at now: Int64) async throws {
        try await storage.write { db in
            let (access, chore, occurrence) = try Self.choreAccess(user, id, db)
            try ChoresStore.delete(id, at: now, db)
            try ReminderStore.dropUnfired(of: occurrence.id, db)
            try Self.logChange(chore, occurrence, access.household, by: user, at: now, db)
        }
    }

    /// Chore `id` with its current occurrence, for a member of its household.
    func chore(_ id: String, for user: String) async throws -> (ChoreRecord, OccurrenceRecord) {
        try await storage.read { db in
            let (_, chore, occurrence) = try Self.choreAccess(user, id, db)
            return (chore, occurrence)
        }
    }

    /// H4: `household`'s chores by current due time, then name; only the caller's (`mineOnly`), due before
    /// `dueBefore`, and with finished once chores when asked.
    func chores(
        of household: String,
        for user: String,
        mineOnly: Bool,
        dueBefore: Int64?,
        includeFinished: Bool
    ) async throws -> [(ChoreRecord, OccurrenceRecord)] {
        try await storage.read { db in
            _ = try HouseholdAccess.require(user, in: household, db)
            let chores = try ChoresStore.chores(
                of: household,
                dueBefore: dueBefore,
                includeFinished: includeFinished,
                db
            )
            return mineOnly ? chores.filter { $0.1.assigneeIDs.contains(user) } : chores
        }
    }

    /// H5: `user` marks the chore's current occurrence `occurrenceID` done; a repeating chore gets its next
    /// occurrence `nextID` (due per its repeat, assigned per its rotation among the current members), a once chore
    /// is finished. The occurrence's unfired reminders go; the next one's assignees get theirs.
    ///
    /// Returns the completion (the done occurrence and the chore's name), the chore and its current occurrence.
    func markDone(
        _ id: String,
        occurrence occurrenceID: String,
        photo: String?,
        nextID: String,
        by user: String,
        at now: Int64
    ) async throws -> (completion: OccurrenceRecord, chore: ChoreRecord, current: OccurrenceRecord) {
        try await storage.write { db in
            let (access, found, opened) = try Self.choreAccess(user, id, db)
            var chore = found
            var occurrence = opened
            guard occurrence.id == occurrenceID, !occurrence.isDone else { throw HouseholdsError.stale(occurrenceID) }
            let members = Set(try HouseholdStore.memberIDs(of: chore.householdID, db))
            let plan = try chore.plan(timeZone: access.household.timeZone)
            var turn = occurrence.occurrence
            let next = try turn.markDone(
                by: user,
                at: now,
                photoDocumentID: photo,
                plan: plan,
                members: members,
                seed: ChoreRotation.seed(of: nextID)
            )
            occurrence.record(turn)
            // Re-checked in the statement: a second call for the same occurrence writes nothing.
            guard try ChoresStore.markDone(occurrence, db) else { throw HouseholdsError.stale(occurrenceID) }
            try ReminderStore.dropUnfired(of: occurrence.id, db)
            var current = occurrence
            if let next {
                current = OccurrenceRecord(id: nextID, of: chore, next)
                try ChoresStore.insert(current, db)
                chore.currentOccurrenceID = nextID
                try ReminderStore.arm(current, of: chore, in: access.household, rearm: false, at: now, db)
            } else {
                chore.finished = true
            }
            try ChoresStore.update(chore, db)
            var event = HouseholdsFeed.event(.choreDone, access.household, by: user, at: now)
            event.chore = ChoresProtoMapping.chore(chore, current)
            event.completion = ChoresProtoMapping.completion(occurrence, choreName: chore.name)
            try HouseholdsFeed.changed(event, in: chore.householdID, at: now, db)
            return (completion: occurrence, chore: chore, current: current)
        }
    }

    /// H6: `user` rates completion `id` (another member than the doer, once). Returns it with its chore's name.
    func rate(_ id: String, stars: Int, by user: String, at now: Int64) async throws -> (OccurrenceRecord, String) {
        try await storage.write { db in
            let unknown = HouseholdsError.unknown("chore completion", id, field: "completion_id")
            guard var occurrence = try ChoresStore.occurrence(id: id, db) else { throw unknown }
            let access = try Self.require(user, in: occurrence.householdID, else: unknown, db)
            var turn = occurrence.occurrence
            try turn.rate(
                stars: stars,
                by: user,
                at: now,
                members: Set(try HouseholdStore.memberIDs(of: occurrence.householdID, db))
            )
            occurrence.record(turn)
            guard try ChoresStore.rate(occurrence, db) else {
                throw HouseholdsError(code: .failedPrecondition, message: "completion_id: \(id) was rated already")
            }
            let name = try ChoresStore.name(ofChore: occurrence.choreID, db)
            var event = HouseholdsFeed.event(.choreRated, access.household, by: user, at: now)
            event.completion = ChoresProtoMapping.completion(occurrence, choreName: name)
            try HouseholdsFeed.changed(event, in: occurrence.householdID, at: now, db)
            return (occurrence, name)
        }
    }

    /// H6: a page of `household`'s history (of `chore` when given), newest first, after `cursor`; one more than
    /// `limit` when there is a next page.
    func history(
        of household: String,
        chore: String?,
        for user: String,
        after cursor: (doneAt: Int64, id: String)?,
        limit: Int
    ) async throws -> [(OccurrenceRecord, String)] {
        try await storage.read { db in
            _ = try HouseholdAccess.require(user, in: household, db)
            if let chore, try ChoresStore.household(ofChore: chore, db) != household {
                throw HouseholdsError.unknown("chore", chore, field: "chore_id")
            }
            return try ChoresStore.completions(of: household, chore: chore, after: cursor, limit: limit + 1, db)
        }
    }

    /// H9: every current member's points in local `month` (1...12) of `year`, or the whole year for month 0, with
    /// their share against an even share; most points first, then in the order they joined.
    func points(of household: String, for user: String, year: Int, month: Int) async throws
        -> [PointsSummary.Share]
    {
        try await storage.read { db in
            let access = try HouseholdAccess.require(user, in: household, db)
            let calendar = try HouseholdCalendar(timeZone: access.household.timeZone)
            let start = HouseholdCalendar.Local(
                year: year,
                month: max(month, 1),
                day: 1,
                hour: 0,
                minute: 0,
                second: 0,
                microsecond: 0
            )
            var end = start
            if month == 0 || month == 12 {
                end.year += 1
                end.month = 1
            } else {
                end.month += 1
            }
            // A day either side of the local period: PointsSummary counts by the local date.
            let completions = try ChoresStore.completions(
                of: household,
                from: calendar.instant(start) - Microseconds.perDay,
                to: calendar.instant(end) + Microseconds.perDay,
                db
            )
            let summary = try PointsSummary(completions: completions, timeZone: access.household.timeZone)
            let points = month == 0 ? summary.yearly(year: year) : summary.monthly(year: year, month: month)
            let shares = PointsSummary.fairness(of: points, members: try HouseholdStore.memberIDs(of: household, db))
            return shares.enumerated().sorted { ($0.element.points, -$0.offset) > ($1.element.points, -$1.offset) }
                .map(\.element)
        }
    }

    // MARK: Helpers

    /// Chore `id` (not deleted) with its household access and current occurrence; NOT_FOUND naming `chore_id` for
    /// an unknown id and for a chore of a household `user` is not a member of (H13).
    static func choreAccess(_ user: String, _ id: String, _ db: Database) throws
        -> (HouseholdAccess, ChoreRecord, OccurrenceRecord)
    {
        let unknown = HouseholdsError.unknown("chore", id, field: "chore_id")
        guard let chore = try ChoresStore.chore(id: id, db) else { throw unknown }
        let access = try require(user, in: chore.householdID, else: unknown, db)
        guard let occurrence = try ChoresStore.occurrence(id: chore.currentOccurrenceID, db) else { throw unknown }
        return (access, chore, occurrence)
    }

    /// `user`'s access to `household`, or `unknown` (the NOT_FOUND of the id the request named).
    static func require(_ user: String, in household: String, else unknown: HouseholdsError, _ db: Database) throws
        -> HouseholdAccess
    {
        do {
            return try HouseholdAccess.require(user, in: household, db)
        } catch let refusal as HouseholdsError where refusal.code == .notFound {
            throw unknown
        }
    }

    /// The local day of the month and minute of the day of `dueAt`: what later occurrences keep.
    static func anchor(of dueAt: Int64, in timeZone: String) throws -> (day: Int, minute: Int) {
        let local = try HouseholdCalendar(timeZone: timeZone).local(dueAt)
        return (local.day, local.hour * 60 + local.minute)
    }

    /// Logs KIND_CHORE_CHANGED with the chore as it is now.
    static func logChange(
        _ chore: ChoreRecord,
        _ occurrence: OccurrenceRecord,
        _ household: HouseholdRecord,
        by user: String,
        at now: Int64,
        _ db: Database
    ) throws {
        var event = HouseholdsFeed.event(.choreChanged, household, by: user, at: now)
        event.chore = ChoresProtoMapping.chore(chore, occurrence)
        try HouseholdsFeed.changed(event, in: household.id, at: now, db)
    }
}
