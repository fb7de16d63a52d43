import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Households: birthday reminders planned when a member joins and when the days before change (H8)")
struct BirthdayPlanningTests {
    /// 2027-05-17 (the doubles' birthday) minus `days`, 09:00 in Berlin (summer time: 07:00 UTC), in UTC micros.
    static func due(daysBefore days: Int) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let date = calendar.date(from: DateComponents(year: 2027, month: 5, day: 17 - days, hour: 9))!
        return Int64(date.timeIntervalSince1970) * 1_000_000
    }

    @Test("a member who joins is reminded of the others' birthdays and they of theirs, at once, not the next day")
    func plannedAtJoin() async throws {
        try await HouseholdsHarness.run(identity: IdentityDouble()) { h in
            let flat = try await h.household(members: ["ivo"])
            for (user, other) in [("hana", "ivo"), ("ivo", "hana")] {
                let reminders = try await h.chores(user) { try await $0.listMyReminders(.init()) }.reminders
                let birthdays = reminders.filter { $0.kind == .birthday }
                #expect(birthdays.map(\.birthdayUserID) == [other], "\(user)")
                #expect(birthdays.first?.dueAtMicros == Self.due(daysBefore: 3))
                #expect(birthdays.first?.birthdayOn == "2027-05-17" && birthdays.first?.householdID == flat)
            }
        }
    }

    @Test("the host changing the days before moves the reminders not yet fired")
    func replannedOnChange() async throws {
        try await HouseholdsHarness.run(identity: IdentityDouble()) { h in
            let flat = try await h.household(members: ["ivo", "jun"])
            _ = try await h.as("hana") { households in
                try await households.updateHousehold(
                    .with {
                        $0.householdID = flat
                        $0.birthdayReminderDays = 10
                    }
                )
            }
            let reminders = try await h.chores("hana") { try await $0.listMyReminders(.init()) }.reminders
            let birthdays = reminders.filter { $0.kind == .birthday }
            #expect(Set(birthdays.map(\.birthdayUserID)) == ["ivo", "jun"])
            #expect(birthdays.allSatisfy { $0.dueAtMicros == Self.due(daysBefore: 10) })
            let tooMany = await #expect(throws: RPCError.self) {
                _ = try await h.as("hana") { households in
                    try await households.updateHousehold(
                        .with {
                            $0.householdID = flat
                            $0.birthdayReminderDays = 31
                        }
                    )
                }
            }
            #expect(tooMany?.code == .invalidArgument)
            let after = try await h.chores("hana") { try await $0.listMyReminders(.init()) }.reminders
            #expect(after.filter { $0.kind == .birthday }.allSatisfy { $0.dueAtMicros == Self.due(daysBefore: 10) })
        }
    }
}
