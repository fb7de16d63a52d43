import Foundation
import GRDB
import HouseholdsService
import Logging
import QuadContracts
import QuadStorage
import QuadTestSupport
import Testing

@Suite("Reminders: fired exactly once, on time, only to members (H7, H8)")
struct ReminderSchedulerTests {
    @Test("Given 2,000 due reminders, when three schedulers on two connections fire at once, then each fires once")
    func racingSchedulers() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo", "jun"])
            let now = h.clock.micros
            let ids = try await ReminderRows.burst(
                h.database,
                count: 2_000,
                household: household,
                users: ["hana", "ivo", "jun"],
                dueAt: { now - Int64($0 % 7) * 1_000_000 }
            )
            // Given a second process's database on the same file, and two schedulers in this one.
            let other = try ReminderRows.open(h.database)
            let small = ReminderScheduler.Configuration(batchSize: 100)
            let first = ReminderScheduler(database: h.database, identity: IdentityDouble(), configuration: small)
            let second = ReminderScheduler(database: other, identity: IdentityDouble(), configuration: small)
            let third = ReminderScheduler(
                database: h.database,
                identity: IdentityDouble(),
                configuration: ReminderScheduler.Configuration(batchSize: 150)
            )
            // When they fire at the same time.
            async let a = first.fireDue(now: now)
            async let b = second.fireDue(now: now)
            async let c = third.fireDue(now: now)
            let fired = try await [a, b, c]
            try other.close()
            // Then every reminder fired once, with exactly one event.
            #expect(fired.reduce(0, +) == 2_000)
            let events = try await ReminderRows.events(h.database)
            #expect(events.count == 2_000)
            #expect(Set(events.map(\.reminderID)) == Set(ids))
            #expect(try await ReminderRows.unfiredCount(h.database) == 0)
            #expect(
                events.allSatisfy { $0.firedAtMicros == now && $0.kind == .choreDue && $0.householdName == "Flat 3B" }
            )
            #expect(try await first.fireDue(now: now) == 0)
        }
    }

    @Test("Given the claim, the next due time and a birthday's lookup, then each searches an index and sorts nothing")
    func queryPlans() async throws {
        let queue = try DatabaseQueue()
        try HouseholdsMigrations.migrator.migrate(queue)
        var plans: [[String]] = []
        for sql in ReminderScheduler.indexedStatements {
            let arguments = StatementArguments(Array(repeating: 1, count: sql.filter { $0 == "?" }.count))
            let plan = try await queue.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map {
                    $0["detail"] as String
                }
            }
            #expect(plan.contains { $0.hasPrefix("SEARCH reminder USING") }, "\(sql): \(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN") || $0.contains("TEMP B-TREE") }, "\(sql): \(plan)")
            plans.append(plan)
        }
        // The claim and the next due time read `reminder_due`.
        #expect(plans.prefix(2).allSatisfy { $0.contains { $0.contains("INDEX reminder_due") } }, "\(plans)")
    }

    @Test("Given a reminder due in a microsecond, when fired now, then not yet; at its time, once; then never again")
    func onTimeOnce() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo"])
            let due = h.clock.micros + 1
            try await ReminderRows.insert(h.database, id: "r-1", household: household, user: "ivo", dueAt: due)
            let scheduler = ReminderScheduler(database: h.database, identity: IdentityDouble(), clock: h.clock.clock)
            #expect(try await scheduler.fireDue(now: due - 1) == 0)
            #expect(try await scheduler.fireDue(now: due) == 1)
            #expect(try await scheduler.fireDue(now: due + 1_000_000) == 0)
            let events = try await ReminderRows.events(h.database)
            #expect(events.count == 1)
            let event = try #require(events.first)
            #expect(event.reminderID == "r-1" && event.userID == "ivo" && event.householdID == household)
            #expect(event.dueAtMicros == due && event.firedAtMicros == due)
            #expect(
                event.choreID == "chore-r-1" && event.occurrenceID == "occurrence-r-1" && event.choreName == "Dishes"
            )
            // Only ivo's feed has it.
            #expect(
                try await h.feed(of: "hana").allSatisfy { $0.type != Quad_Households_V1_ReminderDue.protoMessageName }
            )
        }
    }

    @Test("Given a fired reminder snoozed for 10 minutes, then it fires once more 10 minutes later, and only once")
    func snoozed() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo"])
            let now = h.clock.micros
            try await ReminderRows.insert(h.database, id: "r-1", household: household, user: "ivo", dueAt: now)
            let scheduler = ReminderScheduler(database: h.database, identity: IdentityDouble(), clock: h.clock.clock)
            #expect(try await scheduler.fireDue(now: now) == 1)
            // When "remind me later" (as SnoozeReminder writes it): later, and not fired.
            let later = now + 600_000_000
            try await h.database.write { db in
                try db.execute(
                    sql: "UPDATE reminder SET due_at = ?, fired_at = NULL WHERE id = 'r-1'",
                    arguments: [later]
                )
            }
            #expect(try await scheduler.fireDue(now: later - 1) == 0)
            #expect(try await scheduler.fireDue(now: later) == 1)
            #expect(try await scheduler.fireDue(now: later + 600_000_000) == 0)
            let events = try await ReminderRows.events(h.database)
            #expect(events.map(\.dueAtMicros) == [now, later] && events.map(\.firedAtMicros) == [now, later])
        }
    }

    @Test(
        "Given reminders to a member who left, about a member who left, and in a dismissed household, then they are deleted unsent"
    )
    func notToNonMembers() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo", "jun", "kai"])
            let other = try await h.household("Flat 4C", host: "pia", members: ["lea"])
            _ = try await h.as("ivo") { try await $0.leaveHousehold(.with { $0.householdID = flat }) }
            _ = try await h.as("pia") { households in
                try await households.dismissHousehold(
                    .with {
                        $0.householdID = other
                        $0.confirmName = "Flat 4C"
                    }
                )
            }
            let now = h.clock.micros
            // Rows written after the departures (a change that raced them), and rows about the leaver.
            try await ReminderRows.insert(h.database, id: "to-ivo", household: flat, user: "ivo", dueAt: now)
            try await ReminderRows.insertBirthday(
                h.database,
                id: "about-ivo",
                household: flat,
                user: "hana",
                about: "ivo",
                dueAt: now
            )
            try await ReminderRows.insert(h.database, id: "to-lea", household: other, user: "lea", dueAt: now)
            try await ReminderRows.insert(h.database, id: "to-kai", household: flat, user: "kai", dueAt: now)
            try await ReminderRows.insertBirthday(
                h.database,
                id: "about-jun",
                household: flat,
                user: "kai",
                about: "jun",
                dueAt: now
            )
            let scheduler = ReminderScheduler(database: h.database, identity: IdentityDouble(), clock: h.clock.clock)
            let batch = try await scheduler.fireBatch(now: now)
            #expect(batch.claimed == 5 && batch.fired == 2 && batch.dropped == 3)
            let events = try await ReminderRows.events(h.database)
            #expect(Set(events.map(\.reminderID)) == ["to-kai", "about-jun"])
            #expect(events.allSatisfy { $0.userID == "kai" })
            let birthday = try #require(events.first { $0.reminderID == "about-jun" })
            #expect(
                birthday.kind == .birthday && birthday.birthdayUserID == "jun" && birthday.birthdayOn == "2027-05-17"
            )
            let left = try await h.database.read { db in try String.fetchAll(db, sql: "SELECT id FROM reminder") }
            #expect(Set(left) == ["to-kai", "about-jun"])
        }
    }

    @Test(
        "Given a reminder due at 23:30 on Jan 31 in Berlin, when the running scheduler's clock crosses it, then it fires at its time"
    )
    func monthEnd() async throws {
        let start = ReminderRows.utc("2027-01-31T22:00:00Z")
        try await HouseholdsHarness.run(clock: TestClock(startMicros: start)) { h in
            let household = try await h.household(members: ["ivo"])
            let due = ReminderRows.utc("2027-01-31T22:30:00Z")
            try await ReminderRows.insert(h.database, id: "r-jan", household: household, user: "ivo", dueAt: due)
            let scheduler = ReminderScheduler(database: h.database, identity: IdentityDouble(), clock: h.clock.clock)
            try await ReminderRows.running(scheduler, clock: h.clock) {
                await ReminderRows.advance(h.clock, by: .seconds(29 * 60 + 59))
                #expect(try await ReminderRows.events(h.database).isEmpty)
                await ReminderRows.advance(h.clock, by: .seconds(1))
                let events = try await ReminderRows.events(h.database)
                #expect(events.map(\.reminderID) == ["r-jan"] && events.first?.firedAtMicros == due)
                await ReminderRows.advance(h.clock, by: .seconds(3_600))
                #expect(try await ReminderRows.events(h.database).count == 1)
            }
        }
    }

    @Test(
        "Given a chore made through Chores, when its due time comes, then its assignee is told once; snoozed, once more"
    )
    func choreThroughTheService() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let due = h.clock.micros + 3_600_000_000
            let chore = try await h.chore(in: flat, due: due, members: ["ivo"])
            let scheduler = ReminderScheduler(database: h.database, identity: IdentityDouble(), clock: h.clock.clock)
            try await ReminderRows.running(scheduler, clock: h.clock) {
                await ReminderRows.advance(h.clock, by: .seconds(3_599))
                #expect(try await ReminderRows.events(h.database).isEmpty)
                await ReminderRows.advance(h.clock, by: .seconds(1))
                let told = try await ReminderRows.events(h.database)
                #expect(told.count == 1)
                let reminder = try #require(told.first)
                #expect(
                    reminder.userID == "ivo" && reminder.choreID == chore.choreID && reminder.choreName == "Bins out"
                )
                #expect(reminder.dueAtMicros == due && reminder.firedAtMicros == due)
                // Fired, it is no longer listed; "remind me later" by 30 minutes tells ivo once more, then never.
                let listed = try await h.chores("ivo") { try await $0.listMyReminders(.init()) }.reminders
                #expect(
                    !listed.contains { $0.reminderID == reminder.reminderID }
                        && listed.allSatisfy { $0.kind == .birthday }
                )
                _ = try await h.chores("ivo") { chores in
                    try await chores.snoozeReminder(
                        .with {
                            $0.reminderID = reminder.reminderID
                            $0.minutes = 30
                        }
                    )
                }
                await ReminderRows.advance(h.clock, by: .seconds(30 * 60))
                await ReminderRows.advance(h.clock, by: .seconds(3_600))
                let again = try await ReminderRows.events(h.database)
                #expect(again.map(\.reminderID) == [reminder.reminderID, reminder.reminderID])
                #expect(again.last?.firedAtMicros == due + 1_800_000_000)
            }
        }
    }

    @Test(
        "Given 1,000 reminders due each second for 5 seconds, when the running scheduler wakes, then each fires within 1 s"
    )
    func burstOnTime() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo", "jun"])
            let start = h.clock.micros
            _ = try await ReminderRows.burst(
                h.database,
                count: 5_000,
                household: household,
                users: ["hana", "ivo", "jun"],
                dueAt: { start + 1_000 + Int64($0) * 1_000 }
            )
            let scheduler = ReminderScheduler(database: h.database, identity: IdentityDouble(), clock: h.clock.clock)
            try await ReminderRows.running(scheduler, clock: h.clock) {
                for _ in 0..<60 { await ReminderRows.advance(h.clock, by: .milliseconds(100)) }
            }
            let late = try await h.database.read { db in
                try Int64.fetchOne(db, sql: "SELECT MAX(fired_at - due_at) FROM reminder WHERE kind = 'chore_due'")
            }
            #expect(try await ReminderRows.unfiredCount(h.database, kind: "chore_due") == 0)
            #expect((late ?? .max) < 1_000_000)
            #expect(try await ReminderRows.events(h.database).filter { $0.kind == .choreDue }.count == 5_000)
        }
    }
}

/// Reminder rows written as the chores and expenses services write them, the feed's `ReminderDue` events, and a
/// running scheduler.
enum ReminderRows {
    static let quiet = Logger(label: "reminders-test") { _ in SwiftLogNoOpLogHandler() }

    static func utc(_ iso: String) -> Int64 {
        Int64(ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970) * 1_000_000
    }

    /// A second connection pool on `database`'s file, as another process (or a restarted one) opens it.
    static func open(_ database: QuadDatabase) throws -> QuadDatabase {
        try QuadDatabase(
            configuration: .defaults(path: database.configuration.path),
            migrator: HouseholdsMigrations.migrator,
            logger: quiet
        )
    }

    /// A chore's reminder `id` to `user`, due at `dueAt`.
    static func insert(
        _ database: QuadDatabase,
        id: String,
        household: String,
        user: String,
        dueAt: Int64
    ) async throws {
        try await database.write { db in
            try insertChoreDue(id: id, household: household, user: user, dueAt: dueAt, db)
        }
    }

    private static func insertChoreDue(id: String, household: String, user: String, dueAt: Int64, _ db: Database)
        throws
    {
        let details = try Quad_Households_V1_Reminder.with {
            $0.kind = .choreDue
            $0.householdID = household
            $0.userID = user
            $0.choreID = "chore-\(id)"
            $0.occurrenceID = "occurrence-\(id)"
            $0.choreName = "Dishes"
        }.jsonString()
        try db.execute(
            sql: """
                INSERT INTO reminder (id, household_id, user_id, kind, subject_id, due_at, details, created_at)
                VALUES (?, ?, ?, 'chore_due', ?, ?, ?, ?)
                """,
            arguments: [id, household, user, "occurrence-\(id)", dueAt, details, dueAt]
        )
    }

    /// A birthday reminder `id` to `user` about `about` (born May 17), due at `dueAt`.
    static func insertBirthday(
        _ database: QuadDatabase,
        id: String,
        household: String,
        user: String,
        about: String,
        dueAt: Int64
    ) async throws {
        let details = try Quad_Households_V1_Reminder.with {
            $0.kind = .birthday
            $0.birthdayUserID = about
            $0.birthdayOn = "2027-05-17"
        }.jsonString()
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder (id, household_id, user_id, kind, subject_id, due_at, details, created_at)
                    VALUES (?, ?, ?, 'birthday', ?, ?, ?, ?)
                    """,
                arguments: [id, household, user, "\(household):\(about):2027", dueAt, details, dueAt]
            )
        }
    }

    /// `count` chore reminders, the i-th to `users[i % users.count]` due at `dueAt(i)`; their ids.
    static func burst(
        _ database: QuadDatabase,
        count: Int,
        household: String,
        users: [String],
        dueAt: @escaping @Sendable (Int) -> Int64
    ) async throws -> [String] {
        let ids = (0..<count).map { String(format: "burst-%05d", $0) }
        try await database.write { db in
            for (index, id) in ids.enumerated() {
                try insertChoreDue(
                    id: id,
                    household: household,
                    user: users[index % users.count],
                    dueAt: dueAt(index),
                    db
                )
            }
        }
        return ids
    }

    /// The reminders the feed carried, oldest first.
    static func events(_ database: QuadDatabase) async throws -> [Quad_Households_V1_Reminder] {
        try await database.read { db in
            try Data.fetchAll(
                db,
                sql: "SELECT payload FROM quad_event_log WHERE type = ? ORDER BY sequence",
                arguments: [Quad_Households_V1_ReminderDue.protoMessageName]
            )
        }.map { try Quad_Households_V1_ReminderDue(serializedBytes: $0).reminder }
    }

    static func unfiredCount(_ database: QuadDatabase, kind: String? = nil) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM reminder WHERE fired_at IS NULL AND (? IS NULL OR kind = ?)",
                arguments: [kind, kind]
            ) ?? 0
        }
    }

    /// Runs `body` while `scheduler` runs, once both its loops (firing, planning) wait on `clock`.
    static func running(
        _ scheduler: ReminderScheduler,
        clock: TestClock,
        _ body: @Sendable () async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await scheduler.run(logger: quiet) }
            await clock.waitForSleepers(2)
            do {
                try await body()
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }

    /// Moves `clock` and waits until the scheduler's two loops wait again (what was due has fired).
    static func advance(_ clock: TestClock, by duration: Duration) async {
        clock.advance(by: duration)
        await clock.waitForSleepers(2)
    }
}
