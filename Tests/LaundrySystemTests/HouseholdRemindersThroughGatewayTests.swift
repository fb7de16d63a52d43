import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// The households seed's notification use cases through the gateway, in real time (the scheduler fires due
/// reminders at most a second late; bills are checked every second here): a chore's reminder on its day, closed by
/// "Completed"; a birthday notification planned for the others; the rent bill's period, its reminder to the payer,
/// and the others paying the host in the app, the host told of each.
@Suite(
    "Households through the gateway: reminders, birthdays and the rent (H7, H8, H10, H12)",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct HouseholdRemindersThroughGatewayTests {
    /// A time zone where it is between 10:00 and 22:59 now, so that today's 09:00 has passed and today is still today
    /// for a while: a bill on today's day is due, and its reminder at 09:00 with 0 days before is due too.
    static func afternoonZone() throws -> (zone: String, today: DateComponents) {
        let zones = [
            "Pacific/Kiritimati", "Pacific/Auckland", "Asia/Tokyo", "Asia/Kolkata", "Europe/Berlin", "Atlantic/Azores",
            "America/New_York", "America/Denver", "Pacific/Honolulu", "Pacific/Pago_Pago",
        ]
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let now = calendar.dateComponents([.year, .month, .day, .hour], from: Date())
            if let hour = now.hour, (10...22).contains(hour) { return (zone, now) }
        }
        Issue.record("no zone has an afternoon now")
        throw CancellationError()
    }

    @Test(
        "a chore's reminder reaches its assignee on the day and \"Completed\" closes it; a birthday is planned for the others and, once late, sent; the rent's period, its reminder, and the others paying the host, who is told",
        .timeLimit(.minutes(4))
    )
    func remindersAndRent() async throws {
        let (zone, today) = try Self.afternoonZone()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let inTwoDays = calendar.dateComponents(
            [.year, .month, .day],
            from: calendar.date(byAdding: .day, value: 2, to: Date())!
        )
        try await LaundrySystem.run(arguments: ["households": ["--bill-interval", "1s"]]) { system in
            let hana = try await Flatmate.join("Hana", "127.0.0.2", in: system)
            let ivo = try await Flatmate.join(
                "Ivo",
                "127.0.0.3",
                born: (2004, Int32(inTwoDays.month!), Int32(inTwoDays.day!)),
                in: system
            )
            let jun = try await Flatmate.join("Jun", "127.0.0.4", in: system)
            defer { [hana, ivo, jun].forEach { $0.client.close() } }
            let id = try await HouseholdsThroughGatewayTests.household(
                "Flat 3B",
                host: hana,
                members: [ivo, jun],
                timeZone: zone,
                birthdayReminderDays: 1
            )

            // Birthday: Ivo's is in two days; with a day before (set before anyone joined, so nothing was late), Hana
            // and Jun are reminded tomorrow at 09:00.
            let birthdayOn = String(format: "%04d-%02d-%02d", inTwoDays.year!, inTwoDays.month!, inTwoDays.day!)
            for flatmate in [hana, jun] {
                let planned = try await flatmate.chores.listMyReminders(.init(), options: flatmate.options).reminders
                let birthday = planned.first { $0.kind == .birthday }
                #expect(birthday?.birthdayUserID == ivo.userID && birthday?.birthdayOn == birthdayOn)
            }

            try await ivo.gateway.subscribe(.init(), options: ivo.streaming) { ivoStream in
                try await hana.gateway.subscribe(.init(), options: hana.streaming) { hanaStream in
                    var ivoFeed = ivoStream.makeAsyncIterator()
                    var hanaFeed = hanaStream.makeAsyncIterator()
                    #expect(try await ivoFeed.next()?.subscribed != nil)
                    #expect(try await hanaFeed.next()?.subscribed != nil)

                    // Birthday notification: with three days before, this year's reminder time has passed while
                    // Ivo's birthday is still ahead, so Hana is told at once.
                    _ = try await hana.households.updateHousehold(
                        .with {
                            $0.householdID = id
                            $0.birthdayReminderDays = 3
                        },
                        options: hana.options
                    )
                    let birthday = try await Flatmate.next(&hanaFeed, Quad_Households_V1_ReminderDue.self) {
                        $0.reminder.kind == .birthday
                    }
                    #expect(
                        birthday?.reminder.birthdayUserID == ivo.userID && birthday?.reminder.birthdayOn == birthdayOn
                    )

                    // Individual reminder: a chore due in two seconds reaches Ivo then.
                    let due = Int64(Date().timeIntervalSince1970 * 1_000_000) + 2_000_000
                    let plants = try await hana.chores.createChore(
                        .with {
                            $0.householdID = id
                            $0.name = "Water the plants"
                            $0.dueAtMicros = due
                            $0.repeat = .once
                            $0.assignment = .manual
                            $0.memberIds = [ivo.userID]
                        },
                        options: hana.options
                    )
                    let reminder = try #require(
                        try await Flatmate.next(&ivoFeed, Quad_Households_V1_ReminderDue.self) {
                            $0.reminder.kind == .choreDue
                        }
                    ).reminder
                    #expect(reminder.choreID == plants.choreID && reminder.choreName == "Water the plants")
                    #expect(reminder.firedAtMicros >= due && reminder.firedAtMicros - due < 3_000_000)
                    // "Completed!" on the reminder: the chore is done and off Ivo's list.
                    let done = try await ivo.chores.markChoreDone(
                        .with {
                            $0.choreID = reminder.choreID
                            $0.occurrenceID = reminder.occurrenceID
                        },
                        options: ivo.options
                    )
                    #expect(done.chore.finished)
                    let open = try await ivo.chores.listChores(
                        .with {
                            $0.householdID = id
                            $0.mineOnly = true
                        },
                        options: ivo.options
                    )
                    #expect(open.chores.isEmpty)

                    // The rent: a bill on today's day, paid by Hana, split three ways; its period's expense is made
                    // at once and Hana is reminded to pay.
                    let rent = try await hana.expenses.createBill(
                        .with {
                            $0.householdID = id
                            $0.description_p = "Rent"
                            $0.payerID = hana.userID
                            $0.amount = Flatmate.usd(120_000)
                            $0.method = .equal
                            $0.shares = [hana, ivo, jun].map { flatmate in .with { $0.memberID = flatmate.userID } }
                            $0.dayOfMonth = UInt32(today.day!)
                            $0.reminderDays = 0
                        },
                        options: hana.options
                    )
                    let made = try await Flatmate.next(&ivoFeed, Quad_Households_V1_HouseholdChanged.self) {
                        $0.kind == .expenseChanged && $0.expense.billID == rent.billID
                    }
                    #expect(made?.expense.amount == Flatmate.usd(120_000) && made?.expense.paidBy == hana.userID)
                    let toPay = try await Flatmate.next(&hanaFeed, Quad_Households_V1_ReminderDue.self) {
                        $0.reminder.kind == .billDue
                    }
                    #expect(toPay?.reminder.billID == rent.billID)

                    // The others pay Hana their 400.00 in the app; she is told of each.
                    for payer in [ivo, jun] {
                        let paid = try await payer.expenses.payInApp(
                            .with {
                                $0.householdID = id
                                $0.toUserID = hana.userID
                                $0.amount = Flatmate.usd(40_000)
                                $0.paymentMethodID = payer.card
                            },
                            options: payer.options(key: UUID().uuidString)
                        )
                        #expect(paid.state == .completed)
                        let told = try await Flatmate.next(&hanaFeed, Quad_Households_V1_HouseholdChanged.self) {
                            $0.kind == .settled
                        }
                        #expect(told?.settlement.fromUserID == payer.userID)
                    }
                    let balances = try await hana.expenses.getBalances(
                        .with { $0.householdID = id },
                        options: hana.options
                    )
                    #expect(balances.members.allSatisfy { $0.net.minorUnits == 0 } && balances.debts.isEmpty)
                }
            }
        }
    }
}
