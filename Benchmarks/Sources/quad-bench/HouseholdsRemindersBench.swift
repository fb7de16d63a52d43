import Foundation
import GRDB
import QuadContracts
import QuadStorage
import SwiftProtobuf

/// Issue 15 item 8, reminders (H7): quad-households' reminder scheduler firing 1,000 due reminders a second for a
/// minute, among 10,000 households of 5 members with 20 chores each.
///
///   quad-bench households-reminders --endpoints FILE [--database PATH] [--households 10000] [--members 5]
///                                   [--chores 20] [--rate 1000] [--seconds 60] [--lead 15] [--poll-ms 10]
///                                   [--drop-due-index] [--burst 1] [--label L]
///   quad-bench households-event-inserts --dir DIR [--rate 1000] [--seconds 60] [--warmup 3] [--label L]
///
/// `households-reminders` seeds quad-households' database directly with SQL while the service runs (the rows the
/// chores service would write: households, members, chores in rotation, each chore's current occurrence and its
/// assignee's reminder; 200,000 reminders at the defaults), all due two days ahead, then moves the first
/// rate × seconds of them (spread over every household) to be due one every 1/rate s from `--lead` seconds on. It
/// then watches quad-households' event log (read-only, every `--poll-ms`) for their ReminderDue events until all
/// have come or 10 s after the last was due: each reminder's lateness as fired (fired_at - due_at, which is also
/// the event's occurred_at - due_at) and as seen in the log (the poll that first read it - due_at: committed and
/// readable by the feed), and that each came exactly once and every due row is marked fired. quad-households' CPU
/// time is read over the due window (its first due instant to 1 s after the last) and, for comparison, over the
/// `--lead` seconds before it, when nothing is due. `--drop-due-index` drops `reminder_due` first: the baseline of a
/// scheduler scanning the reminders instead. `--burst N` makes them come due N at one instant (every N/rate s, the
/// same rate): what batching the wakes would save.
///
/// `households-event-inserts` is the other baseline: the same number of ReminderDue events a second appended to a
/// fresh database's event log through QuadStorage (synchronous=FULL, one transaction each, group commit), in this
/// process, open loop: the raw write cost of what the scheduler logs, with nothing read or claimed.
enum HouseholdsRemindersBench {
    struct Result: Encodable {
        var impl: String
        var households: Int
        var members: Int
        var chores: Int
        var reminders: Int
        var due: Int
        var duePerSecond: Double
        var dueSeconds: Double
        var dueIndex: Bool
        /// Reminders that come due at the same instant (1: each at its own).
        var burst: Int
        var seedSeconds: Double
        var events: Int
        var distinctReminders: Int
        var firedRows: Int
        var unfiredDue: Int
        var firedLateness: ErrandsBench.Summary
        var visibleLateness: ErrandsBench.Summary
        var visibleWithinOneSecond: Double
        var pollMillis: Double
        var householdsCPUSecondsDueWindow: Double?
        var householdsCPUSecondsPerMinuteOfDue: Double?
        var householdsCPUMicrosPerReminder: Double?
        var householdsCPUSecondsPerMinuteIdle: Double?
        var load: String
    }

    static func run(_ arguments: Arguments) async throws {
        let system = try HouseholdsBench.System(arguments, label: "households-reminders")
        let path = try system.databasePath(arguments)
        let households = try arguments.int("households", default: 10_000)
        let members = try arguments.int("members", default: 5)
        let chores = try arguments.int("chores", default: 20)
        let rate = try arguments.double("rate", default: 1_000)
        let seconds = try arguments.double("seconds", default: 60)
        let lead = try arguments.double("lead", default: 15)
        let pollMillis = try arguments.double("poll-ms", default: 10)
        let dropIndex = arguments.optional("drop-due-index") == "true"
        let burst = max(1, try arguments.int("burst", default: 1))
        let due = min(households * chores, Int(rate * seconds))
        let pid = HouseholdsBench.pid(system, "households")

        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(30)
        let writer = try DatabaseQueue(path: path, configuration: configuration)
        let seedStart = monotonicNanos()
        try await seed(writer, households: households, members: members, chores: chores, now: ErrandsBench.nowMicros())
        if dropIndex { try await writer.write { try $0.execute(sql: "DROP INDEX IF EXISTS reminder_due") } }
        let seedSeconds = Double(monotonicNanos() - seedStart) / 1e9
        let reader = try HouseholdsBench.readOnlyPool(path)
        let type = Quad_Households_V1_ReminderDue.protoMessageName
        var after = try await reader.read { db in
            try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(sequence), 0) FROM quad_event_log") ?? 0
        }

        // The first `due` reminders (ordinal order spreads them over every household) come due one every 1/rate s.
        let step = Int64(1e6 / rate)
        let firstDue = ErrandsBench.nowMicros() + Int64(lead * 1e6)
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE reminder SET due_at = ? + CAST(substr(id, 3) AS INTEGER) / ? * ?
                    WHERE id >= 'br' AND id < ? AND fired_at IS NULL
                    """,
                arguments: [firstDue, burst, Int64(burst) * step, reminderID(due)]
            )
        }
        try writer.close()
        let lastDue = firstDue + Int64((due - 1) / burst * burst) * step

        // Idle CPU: the lead, nothing due yet.
        let idleStart = ErrandsBench.nowMicros()
        let idleCPUStart = pid.flatMap(processCPUMicros)
        try await sleep(untilMicros: firstDue)
        let idleCPUEnd = pid.flatMap(processCPUMicros)
        let idleSeconds = Double(ErrandsBench.nowMicros() - idleStart) / 1e6

        var seen = Set<String>()
        var events = 0
        var fired: [UInt64] = []
        var visible: [UInt64] = []
        var dueCPUEnd: Double?
        let deadline = lastDue + 10_000_000
        while seen.count < due, ErrandsBench.nowMicros() < deadline {
            let since = after
            let rows = try await reader.read { db in
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT sequence, payload FROM quad_event_log WHERE sequence > ? AND type = ? ORDER BY sequence",
                    arguments: [since, type]
                ).map { row -> (Int64, Data) in (row["sequence"], row["payload"]) }
            }
            let observed = ErrandsBench.nowMicros()
            for (sequence, payload) in rows {
                after = max(after, sequence)
                let reminder = try Quad_Households_V1_ReminderDue(serializedBytes: payload).reminder
                guard reminder.reminderID.hasPrefix("br") else { continue }
                events += 1
                seen.insert(reminder.reminderID)
                fired.append(UInt64(max(0, reminder.firedAtMicros - reminder.dueAtMicros)) * 1_000)
                visible.append(UInt64(max(0, observed - reminder.dueAtMicros)) * 1_000)
            }
            if dueCPUEnd == nil, observed >= lastDue + 1_000_000 { dueCPUEnd = pid.flatMap(processCPUMicros) }
            try await Task.sleep(for: .milliseconds(pollMillis))
        }
        if dueCPUEnd == nil {
            try await sleep(untilMicros: lastDue + 1_000_000)
            dueCPUEnd = pid.flatMap(processCPUMicros)
        }
        let counts = try await reader.read { db in
            (
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM reminder WHERE id >= 'br' AND id < ? AND fired_at IS NOT NULL",
                    arguments: [reminderID(due)]
                ) ?? 0,
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM reminder WHERE id >= 'br' AND id < ? AND fired_at IS NULL",
                    arguments: [reminderID(due)]
                ) ?? 0
            )
        }
        try reader.close()

        func summary(_ nanos: [UInt64]) -> ErrandsBench.Summary {
            var tally = ErrandsBench.Tally()
            tally.nanos = nanos
            tally.errors = due - seen.count
            return tally.summary
        }
        let dueWindow = Double(lastDue + 1_000_000 - firstDue) / 1e6
        // idleCPUStart is read before the sleep; the due window starts where the idle one ends.
        var dueCPU: Double?
        if let start = idleCPUEnd, let end = dueCPUEnd { dueCPU = (end - start) / 1e6 }
        var idleCPUPerMinute: Double?
        if let start = idleCPUStart, let end = idleCPUEnd {
            idleCPUPerMinute = (end - start) / 1e6 * 60 / max(idleSeconds, 1e-3)
        }
        try ErrandsBench.printJSON(
            Result(
                impl: arguments.optional("label")
                    ?? (dropIndex
                        ? "reminders-without-due-index" : burst > 1 ? "reminders-burst-\(burst)" : "reminders"),
                households: households,
                members: members,
                chores: chores,
                reminders: households * chores,
                due: due,
                duePerSecond: rate,
                dueSeconds: seconds,
                dueIndex: !dropIndex,
                burst: burst,
                seedSeconds: seedSeconds,
                events: events,
                distinctReminders: seen.count,
                firedRows: counts.0,
                unfiredDue: counts.1,
                firedLateness: summary(fired),
                visibleLateness: summary(visible),
                visibleWithinOneSecond: Double(visible.count(where: { $0 <= 1_000_000_000 })) / Double(max(1, due)),
                pollMillis: pollMillis,
                householdsCPUSecondsDueWindow: dueCPU,
                householdsCPUSecondsPerMinuteOfDue: dueCPU.map { $0 * 60 / dueWindow },
                householdsCPUMicrosPerReminder: dueCPU.map { $0 * 1e6 / Double(max(1, due)) },
                householdsCPUSecondsPerMinuteIdle: idleCPUPerMinute,
                load: ErrandsBench.loadAverage
            )
        )
    }

    /// Reminder `ordinal`'s id: `br` and seven digits, so ids sort as their ordinals.
    static func reminderID(_ ordinal: Int) -> String { "br" + String(format: "%07d", ordinal) }

    /// Inserts the households, members, chores, occurrences and reminders (all due two days from `now`), 250
    /// households a transaction. Reminder ordinal k is chore k / households of household k % households, so the
    /// first ones come from every household in turn.
    static func seed(_ writer: DatabaseQueue, households: Int, members: Int, chores: Int, now: Int64) async throws {
        let later = now + 2 * 86_400_000_000
        let encoder = JSONEncoder()
        for first in stride(from: 0, to: households, by: 250) {
            try await writer.write { db in
                for h in first..<min(households, first + 250) {
                    let household = "bh" + String(format: "%06d", h)
                    let users = (1...members).map { "bu" + String(format: "%06d", h) + "-\($0)" }
                    let name = "Bench flat \(h)"
                    try db.cachedStatement(
                        sql: """
                            INSERT INTO household (id, name, time_zone, currency, host_id, simplify_debts,
                                birthday_reminder_days, created_by, created_at)
                            VALUES (?, ?, 'Europe/Berlin', 'USD', ?, 0, 3, ?, ?)
                            """
                    ).execute(arguments: [household, name, users[0], users[0], now])
                    for (index, user) in users.enumerated() {
                        try db.cachedStatement(
                            sql:
                                "INSERT INTO household_member (household_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)"
                        ).execute(arguments: [household, user, index == 0 ? "host" : "member", now])
                    }
                    let memberIDs = String(decoding: try encoder.encode(users), as: UTF8.self)
                    for c in 0..<chores {
                        let chore = household + "-c" + String(format: "%02d", c)
                        let occurrence = household + "-o" + String(format: "%02d", c)
                        let assignee = users[c % members]
                        let choreName = "Chore \(c + 1)"
                        try db.cachedStatement(
                            sql: """
                                INSERT INTO chore (id, household_id, name, notes, repeat, assignment, member_ids,
                                    urgent, points, anchor_day, anchor_minute, current_occurrence_id, finished,
                                    created_by, created_at)
                                VALUES (?, ?, ?, '', 'WEEKLY', 'ROTATION', ?, 0, ?, ?, 600, ?, 0, ?, ?)
                                """
                        ).execute(arguments: [
                            chore, household, choreName, memberIDs, 1 + c % 5, 1 + c % 28, occurrence, users[0], now,
                        ])
                        try db.cachedStatement(
                            sql: """
                                INSERT INTO chore_occurrence (id, chore_id, household_id, due_at, assignee_ids, turn)
                                VALUES (?, ?, ?, ?, ?, ?)
                                """
                        ).execute(arguments: [
                            occurrence, chore, household, later, "[\"\(assignee)\"]", c % members,
                        ])
                        let details = try Quad_Households_V1_Reminder.with {
                            $0.kind = .choreDue
                            $0.householdID = household
                            $0.householdName = name
                            $0.userID = assignee
                            $0.choreID = chore
                            $0.occurrenceID = occurrence
                            $0.choreName = choreName
                        }.jsonString()
                        let ordinal = c * households + h
                        try db.cachedStatement(
                            sql: """
                                INSERT INTO reminder (id, household_id, user_id, kind, subject_id, due_at, details,
                                    created_at)
                                VALUES (?, ?, ?, 'chore_due', ?, ?, ?, ?)
                                """
                        ).execute(arguments: [
                            reminderID(ordinal), household, assignee, occurrence, later + Int64(ordinal), details, now,
                        ])
                    }
                }
            }
        }
    }

    static func sleep(untilMicros target: Int64) async throws {
        let wait = target - ErrandsBench.nowMicros()
        if wait > 0 { try await Task.sleep(for: .microseconds(wait)) }
    }

    struct InsertsResult: Encodable {
        var impl: String
        var ratePerSecond: Double
        var seconds: Double
        var events: Int
        var lateness: ErrandsBench.Summary
        var cpuSecondsPerMinute: Double
        var cpuMicrosPerEvent: Double
        var load: String
    }

    /// The baseline: ReminderDue events appended to a fresh database's event log at `--rate` a second, one
    /// transaction each, open loop; this process's CPU over the window.
    static func inserts(_ arguments: Arguments) async throws {
        let directory = try arguments.string("dir")
        let rate = try arguments.double("rate", default: 1_000)
        let seconds = try arguments.double("seconds", default: 60)
        let warmup = try arguments.double("warmup", default: 3)
        let path = directory + "/event-inserts-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let database = try QuadDatabase(
            configuration: DatabaseConfiguration(path: path, synchronous: .full),
            migrator: DatabaseMigrator()
        )
        defer { try? database.close() }
        let type = Quad_Households_V1_ReminderDue.protoMessageName
        let outcome = await HouseholdsBench.openLoop(rate: rate, warmup: warmup, duration: seconds, pids: [:]) { i in
            let now = ErrandsBench.nowMicros()
            let payload = try Quad_Households_V1_ReminderDue.with {
                $0.reminder = .with {
                    $0.reminderID = reminderID(i)
                    $0.kind = .choreDue
                    $0.householdID = "bh" + String(format: "%06d", i % 10_000)
                    $0.householdName = "Bench flat \(i % 10_000)"
                    $0.userID = "bu" + String(format: "%06d", i % 10_000) + "-\(1 + i % 5)"
                    $0.choreID = "bh" + String(format: "%06d", i % 10_000) + "-c00"
                    $0.occurrenceID = "bh" + String(format: "%06d", i % 10_000) + "-o00"
                    $0.choreName = "Chore 1"
                    $0.dueAtMicros = now
                    $0.firedAtMicros = now
                }
            }.serializedData()
            let user = "bu" + String(format: "%06d", i % 10_000) + "-\(1 + i % 5)"
            try await database.write { db in
                _ = try EventLog.append(db, userID: user, type: type, payload: payload, occurredAt: Date())
            }
        }
        let cpu = (outcome.cpuMicrosPerCall["quad-bench"] ?? 0) * Double(outcome.summary.calls + outcome.summary.errors)
        try ErrandsBench.printJSON(
            InsertsResult(
                impl: arguments.optional("label") ?? "event-log-inserts",
                ratePerSecond: rate,
                seconds: seconds,
                events: outcome.summary.calls,
                lateness: outcome.summary,
                cpuSecondsPerMinute: cpu / 1e6 * 60 / seconds,
                cpuMicrosPerEvent: outcome.cpuMicrosPerCall["quad-bench"] ?? 0,
                load: ErrandsBench.loadAverage
            )
        )
    }
}
