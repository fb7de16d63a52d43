import Foundation
import GRDB
import HouseholdsDomain
import HouseholdsService
import QuadContracts
import QuadStorage
import QuadTestSupport
import QuadWire
import Synchronization
import Testing

@Suite("Birthday reminders: planned for the other members, fired at 09:00 local (H8)")
struct BirthdayReminderTests {
    static func born(_ year: Int, _ month: Int, _ day: Int) -> DateComponents {
        DateComponents(year: year, month: month, day: day)
    }

    @Test(
        "Given three members who joined, then each has one reminder of each other's, 3 days before at 09:00; planning again or twice at once adds none"
    )
    func planned() async throws {
        let identity = IdentityDouble(birthdays: ["hana": Self.born(1990, 6, 1), "ivo": Self.born(1985, 3, 28)])
        try await HouseholdsHarness.run(
            identity: identity,
            clock: TestClock(startMicros: ReminderRows.utc("2027-03-01T00:00:00Z"))
        ) { h in
            let household = try await h.household(members: ["ivo", "jun"])
            let scheduler = ReminderScheduler(database: h.database, identity: identity, clock: h.clock.clock)
            // Planned as each member joined (HouseholdsService); the scheduler's planning finds nothing missing.
            #expect(try await scheduler.birthdays.plan(now: h.clock.micros) == 0)
            let rows = try await BirthdayRows.all(h.database)
            #expect(rows.count == 6)
            let aboutIvo = rows.filter { $0.details.birthdayUserID == "ivo" }
            #expect(Set(aboutIvo.map(\.userID)) == ["hana", "jun"])
            for row in aboutIvo {
                #expect(row.subjectID == "\(household):ivo:2027")
                // 09:00 in Berlin on Mar 25 (winter time: daylight saving starts on the 28th).
                #expect(row.dueAt == ReminderRows.utc("2027-03-25T08:00:00Z"))
                #expect(row.details.kind == .birthday && row.details.birthdayOn == "2027-03-28")
                #expect(row.details.householdID == household && row.details.userID == row.userID)
            }
            // hana's on Jun 1, 09:00 summer time on May 29; jun's (identity's double: May 17) on May 14.
            #expect(
                rows.filter { $0.details.birthdayUserID == "hana" }.allSatisfy {
                    $0.dueAt == ReminderRows.utc("2027-05-29T07:00:00Z") && $0.details.birthdayOn == "2027-06-01"
                }
            )
            #expect(
                rows.filter { $0.details.birthdayUserID == "jun" }.allSatisfy {
                    $0.dueAt == ReminderRows.utc("2027-05-14T07:00:00Z")
                }
            )
            #expect(rows.allSatisfy { $0.userID != $0.details.birthdayUserID })
            let berlin = try HouseholdCalendar(timeZone: "Europe/Berlin")
            #expect(rows.allSatisfy { berlin.local($0.dueAt).hour == 9 && berlin.local($0.dueAt).minute == 0 })

            // Planning again adds nothing; two replicas planning at once add each reminder once.
            #expect(try await scheduler.birthdays.plan(now: h.clock.micros) == 0)
            try await h.database.write { db in try db.execute(sql: "DELETE FROM reminder") }
            let other = try ReminderRows.open(h.database)
            let replica = ReminderScheduler(database: other, identity: identity, clock: h.clock.clock)
            async let a = scheduler.birthdays.plan(now: h.clock.micros)
            async let b = replica.birthdays.plan(now: h.clock.micros)
            #expect(try await a + b == 6)
            try other.close()
            #expect(try await BirthdayRows.all(h.database).count == 6)
        }
    }

    @Test(
        "Given a Feb 29 birthday, when the running scheduler crosses 2027 and 2028, then the reminders fire on Feb 28 2027 and Feb 29 2028"
    )
    func leapDay() async throws {
        let identity = IdentityDouble(birthdays: ["kai": Self.born(2000, 2, 29)])
        try await HouseholdsHarness.run(
            identity: identity,
            clock: TestClock(startMicros: ReminderRows.utc("2027-01-10T00:00:00Z"))
        ) { h in
            let household = try await h.household(members: ["kai"])
            try await BirthdayRows.setDays(0, of: household, h)
            let scheduler = ReminderScheduler(database: h.database, identity: identity, clock: h.clock.clock)
            try await ReminderRows.running(scheduler, clock: h.clock) {
                let in2027 = try #require(
                    try await BirthdayRows.all(h.database).first { $0.details.birthdayUserID == "kai" }
                )
                #expect(in2027.subjectID == "\(household):kai:2027" && in2027.details.birthdayOn == "2027-02-28")
                #expect(in2027.dueAt == ReminderRows.utc("2027-02-28T08:00:00Z"))

                await ReminderRows.advance(h.clock, to: ReminderRows.utc("2027-02-28T08:00:00Z"))
                // And the next year's is planned once the day's planning ran.
                await ReminderRows.advance(h.clock, to: ReminderRows.utc("2027-03-01T08:00:00Z"))
                let in2028 = try #require(
                    try await BirthdayRows.all(h.database).first { $0.subjectID == "\(household):kai:2028" }
                )
                #expect(
                    in2028.details.birthdayOn == "2028-02-29"
                        && in2028.dueAt == ReminderRows.utc("2028-02-29T08:00:00Z")
                )
                await ReminderRows.advance(h.clock, to: ReminderRows.utc("2028-02-29T08:00:00Z"))
            }
            let events = try await ReminderRows.events(h.database).filter { $0.birthdayUserID == "kai" }
            #expect(events.map(\.birthdayOn) == ["2027-02-28", "2028-02-29"])
            #expect(
                events.map(\.firedAtMicros) == [
                    ReminderRows.utc("2027-02-28T08:00:00Z"), ReminderRows.utc("2028-02-29T08:00:00Z"),
                ]
            )
            #expect(events.allSatisfy { $0.userID == "hana" && $0.kind == .birthday && $0.householdID == household })
        }
    }

    @Test(
        "Given Berlin's spring change on 2027-03-28, then a reminder on the day fires at 07:00 UTC and one a day before at 08:00 UTC"
    )
    func daylightSaving() async throws {
        let identity = IdentityDouble(birthdays: ["lea": Self.born(1999, 3, 28)])
        try await HouseholdsHarness.run(
            identity: identity,
            clock: TestClock(startMicros: ReminderRows.utc("2027-03-26T12:00:00Z"))
        ) { h in
            let onTheDay = try await h.household(members: ["lea"])
            try await BirthdayRows.setDays(0, of: onTheDay, h)
            let dayBefore = try await h.household("Flat 4C", host: "ivo", members: ["lea"])
            try await BirthdayRows.setDays(1, of: dayBefore, h, host: "ivo")
            let scheduler = ReminderScheduler(database: h.database, identity: identity, clock: h.clock.clock)
            try await ReminderRows.running(scheduler, clock: h.clock) { () async throws in
                await ReminderRows.advance(h.clock, to: ReminderRows.utc("2027-03-27T07:59:59Z"))
                #expect(try await ReminderRows.events(h.database).isEmpty)
                await ReminderRows.advance(h.clock, to: ReminderRows.utc("2027-03-27T08:00:00Z"))
                #expect(try await ReminderRows.events(h.database).map(\.userID) == ["ivo"])
                await ReminderRows.advance(h.clock, to: ReminderRows.utc("2027-03-28T06:59:59Z"))
                #expect(try await ReminderRows.events(h.database).count == 1)
                await ReminderRows.advance(h.clock, to: ReminderRows.utc("2027-03-28T07:00:00Z"))
            }
            let events = try await ReminderRows.events(h.database)
            #expect(events.map(\.userID) == ["ivo", "hana"])
            #expect(events.map(\.householdID) == [dayBefore, onTheDay])
            #expect(
                events.map(\.dueAtMicros) == [
                    ReminderRows.utc("2027-03-27T08:00:00Z"), ReminderRows.utc("2027-03-28T07:00:00Z"),
                ]
            )
            #expect(events.allSatisfy { $0.birthdayOn == "2027-03-28" && $0.birthdayUserID == "lea" })
        }
    }

    @Test(
        "Given identity down, then due reminders still fire, planning is tried again 10 minutes later, and then succeeds"
    )
    func identityDown() async throws {
        let identity = FlakyIdentity()
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo"])
            let now = h.clock.micros
            try await ReminderRows.insert(
                h.database,
                id: "chore",
                household: household,
                user: "ivo",
                dueAt: now + 1_000_000
            )
            let scheduler = ReminderScheduler(database: h.database, identity: identity, clock: h.clock.clock)
            try await ReminderRows.running(scheduler, clock: h.clock) { () async throws in
                #expect(identity.asked == 1)
                await ReminderRows.advance(h.clock, by: .seconds(1))
                #expect(try await ReminderRows.events(h.database).map(\.reminderID) == ["chore"])
                #expect(try await BirthdayRows.all(h.database).isEmpty)
                identity.up()
                await ReminderRows.advance(h.clock, by: .seconds(598))
                #expect(try await BirthdayRows.all(h.database).isEmpty)
                await ReminderRows.advance(h.clock, by: .seconds(1))
                #expect(identity.asked == 2)
                #expect(try await BirthdayRows.all(h.database).count == 2)
            }
        }
    }

    @Test("Given a member who leaves, then they are neither reminded nor reminded of, and are not planned again")
    func leaver() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo", "jun"])
            let scheduler = ReminderScheduler(database: h.database, identity: IdentityDouble(), clock: h.clock.clock)
            #expect(try await scheduler.birthdays.plan(now: h.clock.micros) == 6)
            _ = try await h.as("ivo") { try await $0.leaveHousehold(.with { $0.householdID = household }) }
            #expect(try await scheduler.fireDue(now: h.clock.micros + 400 * 86_400_000_000) == 2)
            let events = try await ReminderRows.events(h.database)
            #expect(events.allSatisfy { $0.userID != "ivo" && $0.birthdayUserID != "ivo" } && events.count == 2)
            #expect(try await BirthdayRows.all(h.database).allSatisfy { $0.firedAt != nil })
            #expect(try await scheduler.birthdays.plan(now: h.clock.micros + 400 * 86_400_000_000) == 2)
            #expect(
                try await BirthdayRows.all(h.database).allSatisfy {
                    $0.userID != "ivo" && $0.details.birthdayUserID != "ivo"
                }
            )
        }
    }
}

/// The birthday rows as planned.
enum BirthdayRows {
    struct Planned: Sendable {
        var userID: String
        var subjectID: String
        var dueAt: Int64
        var firedAt: Int64?
        var details: Quad_Households_V1_Reminder
    }

    static func all(_ database: QuadDatabase) async throws -> [Planned] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM reminder WHERE kind = 'birthday' ORDER BY due_at, subject_id, user_id"
            ).map { row in
                Planned(
                    userID: row["user_id"],
                    subjectID: row["subject_id"],
                    dueAt: row["due_at"],
                    firedAt: row["fired_at"],
                    details: try Quad_Households_V1_Reminder(jsonString: row["details"])
                )
            }
        }
    }

    /// The host sets the household's birthday reminder to `days` before.
    static func setDays(_ days: UInt32, of household: String, _ h: HouseholdsHarness, host: String = "hana")
        async throws
    {
        _ = try await h.as(host) { households in
            try await households.updateHousehold(
                .with {
                    $0.householdID = household
                    $0.birthdayReminderDays = days
                }
            )
        }
    }
}

/// identity, down until ``up()``; counts the questions of birthdays.
final class FlakyIdentity: IdentityDirectory {
    private let state = Mutex((down: true, asked: 0))
    private let identity = IdentityDouble()

    var asked: Int { state.withLock { $0.asked } }

    func up() { state.withLock { $0.down = false } }

    func email(of user: String) async throws -> String? { try await identity.email(of: user) }

    func account(withEmail email: String) async throws -> String? { try await identity.account(withEmail: email) }

    func birthdays(of users: [String]) async throws -> [String: DateComponents] {
        let down = state.withLock { state in
            state.asked += 1
            return state.down
        }
        guard !down else { throw RPCError(code: .unavailable, message: "identity is down") }
        return try await identity.birthdays(of: users)
    }
}

extension ReminderRows {
    /// Moves `clock` to `instant` and waits until the scheduler waits again.
    static func advance(_ clock: TestClock, to instant: Int64) async {
        await advance(clock, by: .microseconds(instant - clock.micros))
    }
}
