import Foundation
import GRDB
import JobsLaundry
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire

/// jobs' database, and every transaction jobs' handlers ask of it, by name (GRDB's `AppDatabase` pattern).
///
/// Each method is one read or one write. What a change of a job stores with it (the job, its outbox messages, its
/// feed events) is decided here, once: a handler checks its request, asks for the change and maps the answer; it never
/// opens a transaction or sees GRDB. The domain's refusals thrown inside a change roll it back whole.
struct JobsDatabase: Sendable {
    /// The service's SQLite database: its tables, outbox, inbox and event log.
    let storage: QuadDatabase

    // MARK: Reads

    /// Job `id` as `viewer` sees it, from its stored view (no replay); nil when there is none or it is not theirs.
    func view(id: String, for viewer: String) async throws -> Quad_Jobs_V1_LaundryJob? {
        try await storage.read { db in try JobsStore.view(id: id, for: viewer, db) }
    }

    /// A page of `party`'s jobs, newest first, from their stored views (``JobsStore/views(of:filter:limit:after:_:)``).
    func views(
        of party: JobsStore.Party,
        filter: JobsStore.Filter,
        limit: Int,
        after cursor: JobHistoryCursor?
    ) async throws -> (jobs: [Quad_Jobs_V1_LaundryJob], next: JobHistoryCursor?) {
        try await storage.read { db in try JobsStore.views(of: party, filter: filter, limit: limit, after: cursor, db) }
    }

    /// Job `id` whole, whoever asks (services and operators); nil when there is none.
    func job(id: String) async throws -> JobRecord? {
        try await storage.read { db in try JobsStore.job(id: id, db) }
    }

    /// Job `id` whole if `user` is its customer or its dasher; nil otherwise (a stranger learns nothing).
    func job(id: String, visibleTo user: String) async throws -> JobRecord? {
        try await job(id: id).flatMap { $0.isVisible(to: user) ? $0 : nil }
    }

    // MARK: Submission

    /// The job answered to an earlier submission with `key` in `scope`, if any (a repeat gets it again).
    func storedSubmission(
        scope: String,
        key: String,
        request: Quad_Jobs_V1_SubmitLaundryJobRequest
    ) async throws -> Quad_Jobs_V1_LaundryJob? {
        try await storage.storedAnswer(scope: scope, key: key, request: request, as: Quad_Jobs_V1_LaundryJob.self)
    }

    /// The job id of `customer`'s submission with idempotency key `key`: `proposed` the first time, the same id on
    /// every repeat (``JobsStore/reserveJobID(customer:key:proposed:_:)``).
    func reserveJobID(customer: String, key: String, proposed: String) async throws -> String {
        try await storage.write { db in try JobsStore.reserveJobID(customer: customer, key: key, proposed: proposed, db)
        }
    }

    /// Stores a submitted job (stage 0) with `job.submitted` for matching and `job.posted` for payments and its
    /// customer's feed event, in one transaction that also stores the answer under `key` (`scope`): a repeat, or a
    /// job already stored under its id, answers the job as it is. The domain's refusals change nothing.
    func post(
        _ submission: LaundryJobSubmission,
        configuration: LaundryJobConfiguration,
        estimateQuote: Quad_Payments_V1_LaundryQuote,
        pickup: JobRecord.Pickup,
        at: Int64,
        idempotency scope: String,
        key: String,
        request: Quad_Jobs_V1_SubmitLaundryJobRequest
    ) async throws -> Quad_Jobs_V1_LaundryJob {
        try await storage.idempotent(scope: scope, key: key, request: request) { db in
            let viewer = submission.customer
            if let existing = try JobsStore.job(id: submission.jobID, db) {
                return JobsProtoMapping.job(existing, for: viewer)
            }
            let (job, events) = try LaundryJob.submit(submission, now: at, configuration: configuration)
            var record = JobRecord(job: job, estimateQuote: estimateQuote, pickup: pickup, updatedAt: at)
            try JobsOutbox.send(events, record: &record, at: at, db)
            try JobsStore.save(record, db)
            try JobsFeed.log(["submitted"], record: record, dasherBefore: nil, at: at, db)
            return JobsProtoMapping.job(record, for: viewer)
        }
    }

    // MARK: Changes

    /// Loads job `jobID` of `user` in one write, lets `operation` change it at an instant not before its last change
    /// (`now`, or later), and stores it with the outbox messages and feed events its domain events call for. Returns
    /// the job as `user` sees it, or nil, changing nothing, when there is no such job or it is not theirs.
    func change(
        jobID: String,
        of user: String,
        now: Int64,
        _ operation: @escaping @Sendable (inout JobRecord, Int64) throws -> [JobEvent]
    ) async throws -> Quad_Jobs_V1_LaundryJob? {
        try await storage.write { db in
            guard var record = try JobsStore.job(id: jobID, db), record.isVisible(to: user) else { return nil }
            let at = max(now, record.job.lastChangeAt)
            return try Self.apply(&record, at: at, viewer: user, db) { record in try operation(&record, at) }
        }
    }

    /// Runs `operation` on `record` and stores what it did: the job, its outbox messages, its feed events. Returns
    /// the job as the wire shows it to `viewer`. A job that ended forgets its pickup place (A4: shown until then).
    @discardableResult
    static func apply(
        _ record: inout JobRecord,
        at: Int64,
        viewer: String?,
        _ db: Database,
        _ operation: (inout JobRecord) throws -> [JobEvent]
    ) throws -> Quad_Jobs_V1_LaundryJob {
        let dasherBefore = record.job.dasher
        let entriesBefore = record.job.timeline.count
        let events = try operation(&record)
        record.updatedAt = max(record.updatedAt, at)
        if record.job.status != .active { record.pickup = nil }
        try JobsOutbox.send(events, record: &record, at: at, db)
        try JobsStore.save(record, db)
        let changes = record.job.timeline[entriesBefore...].map(JobsProtoMapping.kind)
        try JobsFeed.log(Array(changes), record: record, dasherBefore: dasherBefore, at: at, db)
        return JobsProtoMapping.job(record, for: viewer)
    }

    // MARK: Events

    /// G3: jobs' event source (JobChanged for the customer and the dasher), streamed from the event log.
    func serveEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await EventSourceStream.serve(request: request, response: response, database: storage, context: context)
    }
}

extension JobRecord {
    /// Whether `user` may see the job: its customer or its assigned dasher.
    func isVisible(to user: String) -> Bool {
        job.customer == user || job.dasher == user
    }
}
