import HouseholdsDomain
import Testing

@Suite("BillSchedule")
struct BillScheduleTests {
    static let berlin = try! HouseholdCalendar(timeZone: "Europe/Berlin")

    @Test("the 31st falls on the last day of shorter months, 29 February in a leap year")
    func monthEnds() throws {
        let schedule = try BillSchedule(dayOfMonth: 31, reminderDays: 0)
        #expect(schedule.day(in: .init(year: 2027, month: 2)) == 28)
        #expect(schedule.day(in: .init(year: 2028, month: 2)) == 29)
        #expect(schedule.day(in: .init(year: 2027, month: 4)) == 30)
        #expect(schedule.day(in: .init(year: 2027, month: 5)) == 31)
        let due = schedule.dueAt(.init(year: 2028, month: 2), in: Self.berlin)
        #expect(ChoreInstants.local(due, "Europe/Berlin") == "2028-02-29 00:00")
    }

    @Test("due at 00:00 local and reminded at 09:00 local days before, across a daylight-saving change")
    func acrossDaylightSaving() throws {
        // Berlin moves to summer time on 28 March 2027: the reminder (27th, winter) and the due day (29th, summer)
        // keep their wall-clock times.
        let schedule = try BillSchedule(dayOfMonth: 29, reminderDays: 2)
        let period = BillSchedule.Period(year: 2027, month: 3)
        #expect(schedule.dueAt(period, in: Self.berlin) == ChoreInstants.utc("2027-03-28T22:00:00Z"))
        #expect(schedule.reminderAt(period, in: Self.berlin) == ChoreInstants.utc("2027-03-27T08:00:00Z"))
    }

    @Test("the first period is this month when its day is today or later, else the next")
    func firstPeriod() throws {
        let schedule = try BillSchedule(dayOfMonth: 15, reminderDays: 3)
        let before = ChoreInstants.utc("2027-01-15T10:00:00Z")
        let after = ChoreInstants.utc("2027-12-16T10:00:00Z")
        #expect(schedule.firstPeriod(createdAt: before, in: Self.berlin).description == "2027-01")
        #expect(schedule.firstPeriod(createdAt: after, in: Self.berlin).description == "2028-01")
    }

    @Test("periods read and print as YYYY-MM; anything else is no period")
    func periods() {
        #expect(BillSchedule.Period("2027-09")?.next.description == "2027-10")
        #expect(BillSchedule.Period("2027-12")?.next.description == "2028-01")
        #expect(BillSchedule.Period("2027-13") == nil)
        #expect(BillSchedule.Period("27-1") == nil)
    }

    @Test("a day outside 1...31 or a reminder outside 0...14 is refused naming its field")
    func refusals() {
        #expect(throws: HouseholdsError.self) { try BillSchedule(dayOfMonth: 0, reminderDays: 0) }
        let day = #expect(throws: HouseholdsError.self) { try BillSchedule(dayOfMonth: 32, reminderDays: 0) }
        #expect(day?.field == "day_of_month")
        let reminder = #expect(throws: HouseholdsError.self) { try BillSchedule(dayOfMonth: 1, reminderDays: 15) }
        #expect(reminder?.field == "reminder_days")
    }
}
