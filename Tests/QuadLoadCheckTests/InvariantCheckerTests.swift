import Foundation
import QuadLoadCheck
import QuadLoadCore
import Testing

/// Each invariant holds on a good run and fails, naming the violation, once one is planted in its data.
@Suite("quad-load check's invariants, each on a good run and with a violation planted")
struct InvariantCheckerTests {
    /// Checks `run` after `plant`, expecting `invariant` (only) to fail with a violation containing `naming`.
    private func expectViolation(
        of invariant: String,
        naming: String,
        log: ((CallLogContents) -> CallLogContents)? = nil,
        plant: (GoodRun) throws -> Void
    ) throws {
        let run = try GoodRun()
        defer { run.remove() }
        // Given a good run, every invariant holds and checked something
        let good = try run.results()
        for result in good.values {
            #expect(result.passed, "\(result.line())")
        }
        #expect((good[invariant]?.checked ?? 0) > 0)
        // When the violation is planted
        try plant(run)
        let results = try run.results(log: log?(run.log))
        // Then that invariant fails, naming it
        let result = try #require(results[invariant])
        #expect(!result.passed)
        #expect(result.violations.contains { $0.contains(naming) }, "\(result.violations)")
        #expect(result.line().hasPrefix("FAIL \(invariant): "))
    }

    @Test("writes-exist: a deleted laundry job is named")
    func deletedJob() throws {
        try expectViolation(of: "writes-exist", naming: "laundry_job job-1 (jobs.SubmitLaundryJob) acknowledged") {
            try $0.plant("jobs", "DELETE FROM laundry_job WHERE id = 'job-1'")
        }
    }

    @Test("writes-exist: an expense of another amount than answered is named")
    func changedExpense() throws {
        try expectViolation(of: "writes-exist", naming: "expense exp-1 (expenses.AddExpense): amount is 3001") {
            try $0.plant("households", "UPDATE expense SET amount = 3001")
        }
    }

    @Test("writes-exist: a load the driver completed but is not completed is named")
    func uncompletedLoad() throws {
        try expectViolation(of: "writes-exist", naming: "freight_load load-1 (freight.SetLoadStatus): is unloading") {
            try $0.plant("fleet-documents", "UPDATE freight_load SET status = 'unloading'")
        }
    }

    @Test("money-moved-once: a duplicated capture posting is named")
    func duplicatedCapture() throws {
        try expectViolation(of: "money-moved-once", naming: "intent captured 2 times: pi-1") {
            try $0.plant(
                "payments",
                """
                INSERT INTO posting (kind, reference, posted_at) VALUES ('capture', 'pi-1', 9);
                INSERT INTO ledger_entry VALUES (5, 0, 'card_clearing', 'debit', 2300, 'USD'),
                    (5, 1, 'unallocated_receipts', 'credit', 2300, 'USD');
                """
            )
        }
    }

    @Test("money-moved-once: a card network charge with no ledger movement is named")
    func unmatchedCharge() throws {
        try expectViolation(of: "money-moved-once", naming: "card network payment sbx_cap_9 of 700 has 0 ledger") {
            run in
            let line = GoodRun.journalLine(
                id: "sbx_cap_9",
                minor: 700,
                slot: "capture:k-9:capture",
                parameters: "USD 7.00|sbx_auth_1"
            )
            let path = run.root + "/data/payments-sandbox.jsonl"
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(line.utf8))
            try handle.close()
        }
    }

    @Test("captured-once: a completed ride seat whose intent was never captured is named")
    func uncapturedSeat() throws {
        try expectViolation(of: "captured-once", naming: "ride seat seat-1 completed, its intent held with 0") {
            try $0.plant(
                "payments",
                """
                UPDATE payment_intent SET status = 'held' WHERE id = 'pi-3';
                DELETE FROM ledger_entry WHERE posting_id = 3; DELETE FROM posting WHERE id = 3;
                """
            )
        }
    }

    @Test("captured-once: a settle-up paid in the app without its transfer is named")
    func settleUpWithoutTransfer() throws {
        try expectViolation(of: "captured-once", naming: "settle-up set-1 paid in the app has 0 transfers") {
            try $0.plant("payments", "UPDATE transfer SET settlement_id = 'set-other'")
        }
    }

    @Test("books-balance: an unbalanced ledger entry is named")
    func unbalancedEntry() throws {
        try expectViolation(of: "books-balance", naming: "posting 2 does not balance") {
            try $0.plant("payments", "UPDATE ledger_entry SET minor = 1574 WHERE posting_id = 2 AND position = 1")
        }
    }

    @Test("outboxes-drained: an undelivered outbox row is named")
    func undrainedOutbox() throws {
        try expectViolation(of: "outboxes-drained", naming: "jobs outbox message 1 (job.completed to payments)") {
            try $0.plant(
                "jobs",
                """
                INSERT INTO quad_outbox (destination, topic, key, payload, attempts, last_error, created_at)
                VALUES ('payments', 'job.completed', 'k', x'00', 3, 'UNAVAILABLE', 1);
                """
            )
        }
    }

    @Test("outboxes-drained: an unexplained dead letter is named; an explained one passes")
    func deadLetters() throws {
        let run = try GoodRun()
        defer { run.remove() }
        try run.plant(
            "payments",
            """
            INSERT INTO quad_dead_letter VALUES (7, 'jobs', 'hold.released', 'k', x'00', 5, 'NOT_FOUND',
                'no such job', 1, 2, NULL, NULL);
            """
        )
        let databases = try ServiceDatabases(root: run.root)
        let unexplained = try OutboxesDrained.check(databases)
        #expect(
            unexplained.violations == [
                "payments dead letter 7 (hold.released to jobs, NOT_FOUND: no such job) unexplained"
            ]
        )
        let reason = try #require(DeadLetterReason("jobs:hold.released:NOT_FOUND"))
        let explained = try OutboxesDrained.check(databases, explained: [reason])
        #expect(explained.passed && explained.notes.count == 1)
        #expect(DeadLetterReason("jobs:hold.released") == nil)
    }

    @Test("feeds-whole: a missing feed event is named")
    func missingFeedEvent() throws {
        try expectViolation(of: "feeds-whole", naming: "missed jobs event 2 (quad.jobs.v1.JobChanged") {
            // An event published between the two the feed saw, which it never got
            try $0.plant(
                "jobs",
                """
                UPDATE quad_event_log SET sequence = 3 WHERE sequence = 2;
                INSERT INTO quad_event_log VALUES (2, 'u-cus', 'quad.jobs.v1.JobChanged', x'07', \(GoodRun.opened + 1_200));
                """
            )
        }
    }

    @Test("feeds-whole: an event seen twice is named; events before the feed opened or after a resync are not required")
    func duplicatesAndCoverage() throws {
        let run = try GoodRun()
        defer { run.remove() }
        try run.plant(
            "jobs",
            """
            INSERT INTO quad_event_log VALUES (0, 'u-cus', 'quad.jobs.v1.JobChanged', x'08', \(GoodRun.opened - 5));
            """
        )
        // An event before the feed opened is not required
        #expect(try run.results()["feeds-whole"]?.passed == true)
        var twice = GoodRun.feed
        twice.events.append(twice.events[1])
        let doubled = try run.results(log: CallLogContents(writes: GoodRun.writes, feeds: [twice]))["feeds-whole"]
        #expect(doubled?.violations.contains { $0.contains("twice") } == true)
        // After a resync, only events after it are required
        var resynced = GoodRun.feed
        resynced.events.removeFirst()
        #expect(try run.results(log: CallLogContents(feeds: [resynced]))["feeds-whole"]?.passed == false)
        resynced.resyncs = [.init(atMicros: GoodRun.opened + 1_100, after: 150)]
        #expect(try run.results(log: CallLogContents(feeds: [resynced]))["feeds-whole"]?.passed == true)
    }

    @Test("the call log's write and feed lines round-trip, and call lines are counted")
    func callLogLines() throws {
        let encoder = JSONEncoder()
        var data = Data(#"{"journey":"ping","method":"health.Check","status":"OK","trace_id":"t"}"#.utf8 + [10])
        data += try encoder.encode(GoodRun.writes[0]) + [10]
        data += try encoder.encode(GoodRun.feed) + [10]
        let contents = try CallLogContents(data: data)
        #expect(contents.calls == 1 && contents.writes == [GoodRun.writes[0]] && contents.feeds == [GoodRun.feed])
        #expect(throws: CheckError.self) { try CallLogContents(data: Data("not json\n".utf8)) }
    }
}
