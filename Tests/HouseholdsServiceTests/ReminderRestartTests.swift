import Foundation
import GRDB
import HouseholdsService
import QuadContracts
import QuadStorage
import QuadTestSupport
import Testing

/// Issue 15's "done when": reminders are exactly once across restarts. Each "life" of the service opens the database
/// file anew (as a restarted process does), runs a scheduler, and is stopped; the next life finishes the burst.
@Suite("Reminders: exactly once across restarts (H7)")
struct ReminderRestartTests {
    @Test(
        "Given a burst of 2,000 due reminders, when the service stops after its first batch and starts again, then each fires once"
    )
    func restartMidBurst() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo", "jun", "kai"])
            let now = h.clock.micros
            let dueAt: @Sendable (Int) -> Int64 = { now - Int64($0 % 13) * 1_000 }
            let ids = try await ReminderRows.burst(
                h.database,
                count: 2_000,
                household: household,
                users: ["hana", "ivo", "jun", "kai"],
                dueAt: dueAt
            )
            // Life 1 fires its first batch and stops.
            let first = try ReminderRows.open(h.database)
            let small = ReminderScheduler.Configuration(batchSize: 300)
            let scheduler = ReminderScheduler(
                database: first,
                identity: IdentityDouble(),
                configuration: small,
                clock: h.clock.clock
            )
            #expect(try await scheduler.fireBatch(now: now).fired == 300)
            try first.close()
            // The soonest due first, then by id.
            let soonest = ids.indices.sorted { (dueAt($0), ids[$0]) < (dueAt($1), ids[$1]) }.prefix(300).map { ids[$0] }
            #expect(try await ReminderRows.events(h.database).map(\.reminderID) == soonest)

            // Life 2: a new service and its running scheduler on the same file finish the burst.
            try await ReminderRows.restarted(h, configuration: small)

            let events = try await ReminderRows.events(h.database).filter { $0.kind == .choreDue }
            #expect(events.count == 2_000)
            #expect(Set(events.map(\.reminderID)) == Set(ids))
            #expect(try await ReminderRows.unfiredCount(h.database, kind: "chore_due") == 0)
        }
    }

    @Test(
        "Given a burst of 2,000 due reminders, when the running service is stopped at any moment and restarted, then each fires once"
    )
    func stoppedWhileRunning() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo", "jun"])
            let now = h.clock.micros
            let ids = try await ReminderRows.burst(
                h.database,
                count: 2_000,
                household: household,
                users: ["hana", "ivo", "jun"],
                dueAt: { now - Int64($0 % 5) * 1_000 }
            )
            // Life 1: the running scheduler is stopped once it has fired some (how many depends on the machine).
            let first = try ReminderRows.open(h.database)
            let small = ReminderScheduler.Configuration(batchSize: 50)
            let scheduler = ReminderScheduler(
                database: first,
                identity: IdentityDouble(),
                configuration: small,
                clock: h.clock.clock
            )
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await scheduler.run(logger: ReminderRows.quiet) }
                try await Wait.until("50 reminders fired") { try await ReminderRows.events(h.database).count >= 50 }
                group.cancelAll()
            }
            try first.close()
            // What committed is fired and told, nothing else.
            let firedBefore = try await ReminderRows.events(h.database).count
            #expect(firedBefore >= 50)
            #expect(try await ReminderRows.unfiredCount(h.database, kind: "chore_due") == 2_000 - firedBefore)

            try await ReminderRows.restarted(h, configuration: small)
            let events = try await ReminderRows.events(h.database).filter { $0.kind == .choreDue }
            #expect(events.count == 2_000 && Set(events.map(\.reminderID)) == Set(ids))
        }
    }

    @Test(
        "Given a crash inside a batch's transaction, then nothing of that batch fired, and the restarted scheduler fires it once"
    )
    func crashInsideBatch() async throws {
        try await HouseholdsHarness.run { h in
            let household = try await h.household(members: ["ivo"])
            let now = h.clock.micros
            let ids = try await ReminderRows.burst(
                h.database,
                count: 1_000,
                household: household,
                users: ["hana", "ivo"],
                dueAt: { _ in now }
            )
            // Life 1 dies on its 351st event, in the middle of its second batch (as a killed process would,
            // before the commit).
            try await h.database.write { db in
                try db.execute(
                    sql: """
                        CREATE TRIGGER crash BEFORE INSERT ON quad_event_log
                        WHEN (SELECT COUNT(*) FROM quad_event_log WHERE type = '\(Quad_Households_V1_ReminderDue.protoMessageName)') >= 350
                        BEGIN SELECT RAISE(ABORT, 'crash'); END
                        """
                )
            }
            let first = try ReminderRows.open(h.database)
            let config = ReminderScheduler.Configuration(batchSize: 250)
            let scheduler = ReminderScheduler(database: first, identity: IdentityDouble(), configuration: config)
            #expect(try await scheduler.fireBatch(now: now).fired == 250)
            await #expect(throws: (any Error).self) { try await scheduler.fireBatch(now: now) }
            try first.close()
            #expect(try await ReminderRows.events(h.database).count == 250)
            #expect(try await ReminderRows.unfiredCount(h.database) == 750)

            // Life 2 (the crash's cause gone) fires the rest, once.
            try await h.database.write { db in try db.execute(sql: "DROP TRIGGER crash") }
            let second = try ReminderRows.open(h.database)
            let restarted = ReminderScheduler(database: second, identity: IdentityDouble(), configuration: config)
            #expect(try await restarted.fireDue(now: now) == 750)
            try second.close()
            let events = try await ReminderRows.events(h.database)
            #expect(events.count == 1_000 && Set(events.map(\.reminderID)) == Set(ids))
        }
    }
}

extension ReminderRows {
    /// A restarted service: the database file opened anew, households' service and its scheduler made on it, the
    /// scheduler run until everything due has fired and it waits, then closed.
    static func restarted(_ h: HouseholdsHarness, configuration: ReminderScheduler.Configuration) async throws {
        let database = try open(h.database)
        _ = HouseholdsService(database: database, identity: IdentityDouble(), clock: h.clock.clock)
        let scheduler = ReminderScheduler(
            database: database,
            identity: IdentityDouble(),
            configuration: configuration,
            clock: h.clock.clock
        )
        try await running(scheduler, clock: h.clock) {}
        try database.close()
    }
}
