import Foundation
import HouseholdsDomain
import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadStorage

/// H8: plans the birthday reminders of the coming year. For each current member whose date of birth identity knows,
/// every other current member gets one `birthday` reminder, the household's `birthday_reminder_days` (0 to 30) days
/// before at 09:00 in the household's time zone, or at once when that time has passed and the birthday has not
/// (HouseholdsDomain's `BirthdayReminder.due`). A reminder is
/// keyed by the person reminded, the member it is about and the birthday's year, so planning again, or from two
/// replicas at once, adds nothing twice; a reminder that fired is followed by the next year's at the next planning.
///
/// Planning runs at the scheduler's start and once a day (``ReminderScheduler``), and for one household when a member
/// joins it or its host changes its days before (``plan(household:now:)``, from ``HouseholdsService``, which first
/// drops the unfired ones on a change of days); a member who leaves is not reminded nor reminded of (the firing
/// drops those rows).
public struct BirthdayReminders: Sendable {
    /// The most users in one question to identity (`GetBirthdays` takes 200).
    static let identityBatch = 200

    let database: HouseholdsDatabase
    let identity: any IdentityDirectory
    let clock: QuadClock
    /// How many households one page of planning reads.
    let pageSize: Int

    /// - Parameters:
    ///   - database: households' database.
    ///   - identity: members' dates of birth (``PeerIdentityDirectory``).
    ///   - clock: makes the new reminders' ids.
    ///   - pageSize: households per page (each page is one read, one or more questions to identity and one write).
    public init(database: QuadDatabase, identity: any IdentityDirectory, clock: QuadClock, pageSize: Int = 100) {
        self.database = HouseholdsDatabase(storage: database)
        self.identity = identity
        self.clock = clock
        self.pageSize = max(1, pageSize)
    }

    /// Inserts the birthday reminders after `now` that are missing; returns how many. Throws when identity cannot be
    /// asked (the pages planned before stay planned; a later run completes the rest).
    @discardableResult
    public func plan(now: Int64) async throws -> Int {
        var after = ""
        var inserted = 0
        while true {
            let page = try await database.birthdayHouseholds(after: after, limit: pageSize)
            guard let last = page.last else { break }
            after = last.0.id
            let users = Array(Set(page.flatMap { $0.1.count > 1 ? $0.1 : [] })).sorted()
            var birthdays: [String: DateComponents] = [:]
            for start in stride(from: 0, to: users.count, by: Self.identityBatch) {
                let batch = Array(users[start..<min(users.count, start + Self.identityBatch)])
                birthdays.merge(try await identity.birthdays(of: batch)) { first, _ in first }
            }
            let planned = page.flatMap { household, members in
                Self.reminders(of: household, members: members, birthdays: birthdays, after: now)
            }
            inserted += try await insertMissing(planned, at: now)
            if page.count < pageSize { break }
        }
        return inserted
    }

    /// Inserts the missing birthday reminders after `now` of household `id` alone (a member joined, or its days
    /// before changed); returns how many. Throws when identity cannot be asked.
    @discardableResult
    public func plan(household id: String, now: Int64) async throws -> Int {
        guard let (household, members) = try await database.birthdayHousehold(id), members.count > 1 else { return 0 }
        let birthdays = try await identity.birthdays(of: members)
        let planned = Self.reminders(of: household, members: members, birthdays: birthdays, after: now)
        return try await insertMissing(planned, at: now)
    }

    /// Inserts those of `planned` that are not there yet, each with a new id; returns how many.
    private func insertMissing(_ planned: [BirthdayStore.Planned], at now: Int64) async throws -> Int {
        let missing = try await database.missingBirthdayReminders(planned)
        let stamp = clock.date
        return try await database.insertBirthdayReminders(
            missing.map { reminder in
                var reminder = reminder
                reminder.id = EntityID.generate(now: stamp)
                return reminder
            },
            at: now
        )
    }

    /// The next birthday reminder of each member of `household` to each other member (ids left empty). A date of
    /// birth that is no date is skipped.
    static func reminders(
        of household: HouseholdRecord,
        members: [String],
        birthdays: [String: DateComponents],
        after now: Int64
    ) -> [BirthdayStore.Planned] {
        var planned: [BirthdayStore.Planned] = []
        for person in members {
            guard let born = birthdays[person], let month = born.month, let day = born.day,
                let next = try? BirthdayReminder.due(
                    month: month,
                    day: day,
                    daysBefore: household.birthdayReminderDays,
                    now: now,
                    in: household.timeZone
                )
            else { continue }
            for other in members where other != person {
                let details = Quad_Households_V1_Reminder.with {
                    $0.kind = .birthday
                    $0.householdID = household.id
                    $0.householdName = household.name
                    $0.userID = other
                    $0.birthdayUserID = person
                    $0.birthdayOn = next.birthdayOn
                }
                planned.append(
                    BirthdayStore.Planned(
                        id: "",
                        householdID: household.id,
                        userID: other,
                        subjectID: "\(household.id):\(person):\(next.year)",
                        dueAt: next.remindAtMicros,
                        details: (try? details.jsonString()) ?? "{}"
                    )
                )
            }
        }
        return planned
    }
}
