import Foundation
import GRDB
import QuadLoadCheck
import QuadLoadCore

/// A small run whose every invariant holds, written as the services would have left it: the tables and columns the
/// checks read, in a temporary directory laid out as `quad up --data DIR` lays it out (`DIR/data/*.sqlite` and the
/// sandbox's journal), and its call log. A test plants one violation in it (``plant(_:_:)``) and checks.
///
/// What happened: customer `u-cus` had laundry job `job-1` done (held 2500, captured 2300), posted errand `err-1`
/// (held 1725, captured 1575), rode in seat `seat-1` of offer `offer-1` (captured 900); dispatcher `u-disp` of
/// organisation `org-1` created load `load-1`, completed by a driver who uploaded document `doc-1`; member `u-cus`
/// added expense `exp-1`, marked chore occurrence `occ-1` done and paid `u-mate` 1200 in the app (settlement `set-1`,
/// transfer `tr-1`). Jobs published two events for `u-cus`, which their feed saw.
struct GoodRun {
    let root: String
    let databases: ServiceDatabases
    let log: CallLogContents

    static let opened: Int64 = 1_800_000_000_000_000
    static let events: [(sequence: Int64, type: String, at: Int64, payload: Data)] = [
        (1, "quad.jobs.v1.JobChanged", opened + 1_000, Data([1, 2, 3])),
        (2, "quad.jobs.v1.JobChanged", opened + 2_000, Data([4, 5, 6])),
    ]

    /// Writes the run into a fresh temporary directory.
    init() throws {
        root = NSTemporaryDirectory() + "quad-check-" + UUID().uuidString
        let data = root + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        for (service, sql) in Self.schemas {
            let queue = try DatabaseQueue(path: "\(data)/\(service).sqlite")
            try queue.write { db in
                try db.execute(sql: Self.quadTables + sql)
                try db.execute(sql: Self.rows[service] ?? "")
            }
        }
        try DatabaseQueue(path: "\(data)/jobs.sqlite").write { db in
            for event in Self.events {
                try db.execute(
                    sql: "INSERT INTO quad_event_log VALUES (?, 'u-cus', ?, ?, ?)",
                    arguments: [event.sequence, event.type, event.payload, event.at]
                )
            }
        }
        try Self.journal.write(toFile: "\(data)/payments-sandbox.jsonl", atomically: true, encoding: .utf8)
        databases = try ServiceDatabases(root: root)
        log = CallLogContents(writes: Self.writes, feeds: [Self.feed], calls: 40)
    }

    /// Runs `sql` in `service`'s database (a planted violation).
    func plant(_ service: String, _ sql: String) throws {
        try DatabaseQueue(path: "\(root)/data/\(service).sqlite").write { try $0.execute(sql: sql) }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Every invariant's result on this run as it stands, by name.
    func results(log: CallLogContents? = nil) throws -> [String: InvariantResult] {
        let reopened = try ServiceDatabases(root: root)
        return Dictionary(
            uniqueKeysWithValues: try InvariantChecker.evaluate(log ?? self.log, reopened).map { ($0.name, $0) }
        )
    }

    static let writes: [WriteRecord] = [
        WriteRecord(
            journey: "laundry-customer",
            method: "jobs.SubmitLaundryJob",
            kind: .laundryJob,
            id: "job-1",
            owner: "u-cus",
            amountMinor: 2_500,
            currency: "USD",
            idempotencyKey: "k1"
        ),
        WriteRecord(
            journey: "errand",
            method: "errands.PostErrand",
            kind: .errand,
            id: "err-1",
            owner: "u-cus",
            amountMinor: 1_725,
            currency: "USD",
            idempotencyKey: "k2"
        ),
        WriteRecord(journey: "ride", method: "rides.OfferRide", kind: .rideOffer, id: "offer-1", owner: "u-off"),
        WriteRecord(
            journey: "ride",
            method: "rides.RequestSeat",
            kind: .rideSeat,
            id: "seat-1",
            owner: "u-cus",
            parent: "offer-1"
        ),
        WriteRecord(
            journey: "freight-load",
            method: "freight.CreateLoad",
            kind: .freightLoad,
            id: "load-1",
            owner: "u-disp",
            parent: "org-1"
        ),
        WriteRecord(
            journey: "freight-load",
            method: "freight.SetLoadStatus",
            kind: .freightLoad,
            id: "load-1",
            owner: "u-disp",
            parent: "org-1",
            state: "completed"
        ),
        WriteRecord(
            journey: "freight-load",
            method: "documents.Upload",
            kind: .document,
            id: "doc-1",
            owner: "u-drv",
            parent: "load-1",
            sizeBytes: 1_048_576
        ),
        WriteRecord(
            journey: "household",
            method: "expenses.AddExpense",
            kind: .expense,
            id: "exp-1",
            owner: "u-cus",
            parent: "h-1",
            amountMinor: 3_000,
            currency: "USD"
        ),
        WriteRecord(
            journey: "household",
            method: "chores.MarkChoreDone",
            kind: .choreDone,
            id: "occ-1",
            owner: "u-cus",
            parent: "h-1"
        ),
        WriteRecord(
            journey: "household",
            method: "expenses.PayInApp",
            kind: .settlement,
            id: "set-1",
            owner: "u-cus",
            parent: "h-1",
            amountMinor: 1_200,
            currency: "USD",
            idempotencyKey: "k3",
            state: "completed"
        ),
    ]

    static var feed: FeedRecord {
        var feed = FeedRecord(journey: "laundry-customer", subscriber: "u-cus")
        feed.connections = [
            .init(openedMicros: opened, resumedAfter: nil, currentEventID: 100, resync: false, ended: "UNAVAILABLE"),
            .init(openedMicros: opened + 1_500, resumedAfter: 101, currentEventID: 101, resync: false, ended: "OK"),
        ]
        feed.events = events.enumerated().map { index, event in
            .init(
                connection: index,
                id: 101 + UInt64(index),
                source: "jobs",
                type: event.type,
                occurredAtMicros: event.at,
                digest: FeedDigest.of(event.payload)
            )
        }
        return feed
    }

    static let quadTables = """
        CREATE TABLE quad_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, destination TEXT NOT NULL, topic TEXT NOT NULL,
            key TEXT NOT NULL, payload BLOB NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT,
            created_at INTEGER NOT NULL);
        CREATE TABLE quad_dead_letter (id INTEGER PRIMARY KEY, destination TEXT NOT NULL, topic TEXT NOT NULL,
            key TEXT NOT NULL, payload BLOB NOT NULL, attempts INTEGER NOT NULL, status TEXT NOT NULL,
            last_error TEXT NOT NULL, created_at INTEGER NOT NULL, dead_at INTEGER NOT NULL, replayed_at INTEGER,
            replayed_as INTEGER);
        CREATE TABLE quad_event_log (sequence INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL,
            type TEXT NOT NULL, payload BLOB NOT NULL, occurred_at INTEGER NOT NULL);

        """

    static let schemas: [String: String] = [
        "jobs": """
        CREATE TABLE laundry_job (id TEXT PRIMARY KEY, customer_id TEXT, status TEXT);
        CREATE TABLE errand (id TEXT PRIMARY KEY, requester_id TEXT, status TEXT, hold_minor INTEGER, currency TEXT);
        CREATE TABLE ride_offer (id TEXT PRIMARY KEY, offerer_id TEXT, status TEXT);
        CREATE TABLE ride_seat (id TEXT PRIMARY KEY, offer_id TEXT, rider_id TEXT, status TEXT);
        """,
        "payments": """
        CREATE TABLE payment_intent (id TEXT PRIMARY KEY, status TEXT, captured_minor INTEGER,
            charged_above_hold_minor INTEGER, refunded_minor INTEGER);
        CREATE TABLE job_hold (job_id TEXT PRIMARY KEY, payment_intent_id TEXT, estimate_total_minor INTEGER,
            currency TEXT, capture_receipt_id TEXT, charge_receipt_id TEXT);
        CREATE TABLE transfer (id TEXT PRIMARY KEY, amount_minor INTEGER, charge_receipt_id TEXT NOT NULL DEFAULT '',
            settlement_id TEXT NOT NULL DEFAULT '');
        CREATE TABLE posting (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT, reference TEXT, posted_at INTEGER);
        CREATE TABLE ledger_entry (posting_id INTEGER, position INTEGER, account TEXT, side TEXT, minor INTEGER,
            currency TEXT, PRIMARY KEY (posting_id, position));
        """,
        "fleet-documents": """
        CREATE TABLE freight_load (id TEXT PRIMARY KEY, organisation_id TEXT, status TEXT);
        CREATE TABLE document (id TEXT PRIMARY KEY, owner_id TEXT, size INTEGER, uploaded_by TEXT);
        """,
        "households": """
        CREATE TABLE expense (id TEXT PRIMARY KEY, household_id TEXT, amount INTEGER, currency TEXT,
            created_by TEXT, deleted_at INTEGER);
        CREATE TABLE chore_occurrence (id TEXT PRIMARY KEY, household_id TEXT, done_by TEXT, done_at INTEGER);
        CREATE TABLE settlement (id TEXT PRIMARY KEY, household_id TEXT, from_id TEXT, amount INTEGER,
            currency TEXT, method TEXT, state TEXT);
        """,
    ]

    static let rows: [String: String] = [
        "jobs": """
        INSERT INTO laundry_job VALUES ('job-1', 'u-cus', 'completed');
        INSERT INTO errand VALUES ('err-1', 'u-cus', 'completed', 1725, 'USD');
        INSERT INTO ride_offer VALUES ('offer-1', 'u-off', 'ended');
        INSERT INTO ride_seat VALUES ('seat-1', 'offer-1', 'u-cus', 'completed');
        """,
        "payments": """
        INSERT INTO payment_intent VALUES ('pi-1', 'captured', 2300, 0, 0), ('pi-2', 'captured', 1575, 0, 0),
            ('pi-3', 'captured', 900, 0, 0);
        INSERT INTO job_hold VALUES ('job-1', 'pi-1', 2500, 'USD', 'sbx_cap_1', NULL),
            ('err-1', 'pi-2', 1725, 'USD', 'sbx_cap_2', NULL), ('seat-1', 'pi-3', 1100, 'USD', 'sbx_cap_3', NULL);
        INSERT INTO transfer VALUES ('tr-1', 1200, 'sbx_ch_4', 'set-1');
        INSERT INTO posting (kind, reference, posted_at) VALUES ('capture', 'pi-1', 1), ('capture', 'pi-2', 2),
            ('capture', 'pi-3', 3), ('charge', 'tr-1', 4);
        INSERT INTO ledger_entry VALUES
            (1, 0, 'card_clearing', 'debit', 2300, 'USD'), (1, 1, 'unallocated_receipts', 'credit', 2300, 'USD'),
            (2, 0, 'card_clearing', 'debit', 1575, 'USD'), (2, 1, 'unallocated_receipts', 'credit', 1575, 'USD'),
            (3, 0, 'card_clearing', 'debit', 900, 'USD'), (3, 1, 'unallocated_receipts', 'credit', 900, 'USD'),
            (4, 0, 'card_clearing', 'debit', 1200, 'USD'), (4, 1, 'user_balance:u-mate', 'credit', 1200, 'USD');
        """,
        "fleet-documents": """
        INSERT INTO freight_load VALUES ('load-1', 'org-1', 'completed');
        INSERT INTO document VALUES ('doc-1', 'load-1', 1048576, 'u-drv');
        """,
        "households": """
        INSERT INTO expense VALUES ('exp-1', 'h-1', 3000, 'USD', 'u-cus', NULL);
        INSERT INTO chore_occurrence VALUES ('occ-1', 'h-1', 'u-cus', 5);
        INSERT INTO settlement VALUES ('set-1', 'h-1', 'u-cus', 1200, 'USD', 'in_app', 'completed');
        """,
    ]

    /// The card network's side: the three captures and the settle-up's charge, each answered under one slot.
    static let journal = [
        (1, "cap", 2_300, "capture:k-1:capture", "USD 23.00|sbx_auth_1"),
        (2, "cap", 1_575, "capture:k-2:capture", "USD 15.75|sbx_auth_2"),
        (3, "cap", 900, "capture:k-3:capture", "USD 9.00|sbx_auth_3"),
        (4, "ch", 1_200, "charge:households:transfer:k3:charge", "USD 12.00|tok_sandbox_visa"),
    ].map { id, kind, minor, slot, parameters in
        journalLine(id: "sbx_\(kind)_\(id)", minor: minor, slot: slot, parameters: parameters)
    }.joined()

    static func journalLine(id: String, minor: Int, slot: String, parameters: String) -> String {
        """
        [{"payment":{"amount":{"currency":"USD","minorUnits":\(minor)},"id":"\(id)","refunded":{"currency":"USD",\
        "minorUnits":0}}},{"answer":{"answer":{"amount":{"currency":"USD","minorUnits":\(minor)},"at":1,"id":"\(id)",\
        "kind":"receipt"},"parameters":"\(parameters)","slot":"\(slot)"}}]

        """
    }
}
