public import Foundation
import GRDB
import JobsLaundry
public import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadStorage
public import QuadWire

/// The jobs bounded context (L1, L6-L15): laundry jobs, their stages and timeline, cancellation, reviews and the
/// dispute claim. Authorization is decided here on every call: a job is seen only by its customer and its assigned
/// dasher; the domain (``JobsLaundry/LaundryJob``) decides who may change what.
public final class JobsService: Quad_Jobs_V1_Jobs.ServiceProtocol, Sendable {
    let database: QuadDatabase
    let payments: Quad_Payments_V1_Payments.Client
    let pickupPlaces: any PickupPlaceDirectory
    let configuration: JobsConfiguration
    let clock: QuadClock

    /// - Parameters:
    ///   - payments: payments' service (holds at submission, final prices at "finished drying").
    ///   - pickupPlaces: where customers are picked up (identity's `GetPickupPlaces`), asked at submission.
    ///   - clock: the clock (tests pass a settable one).
    public init(
        database: QuadDatabase,
        payments: any ClientTransport,
        pickupPlaces: any PickupPlaceDirectory,
        configuration: JobsConfiguration = JobsConfiguration(),
        clock: QuadClock = .system()
    ) {
        self.database = database
        self.payments = Quad_Payments_V1_Payments.Client(transport: payments)
        self.pickupPlaces = pickupPlaces
        self.configuration = configuration
        self.clock = clock
    }

    /// The clock in UTC microseconds.
    var nowMicros: Int64 { clock.micros() }

    /// Options for a call to payments.
    func paymentsOptions(idempotencyKey: String? = nil) -> CallOptions {
        var options = CallOptions(timeout: configuration.paymentsTimeout)
        if let idempotencyKey { options.metadata["idempotency-key"] = idempotencyKey }
        return options
    }

    /// Loads job `jobID` of `caller` in one write, lets `operation` change it at an instant not before its last change,
    /// and stores it with the outbox messages and feed events its domain events call for.
    ///
    /// NOT_FOUND when there is no such job or the caller is neither its customer nor its dasher (a stranger learns
    /// nothing); the domain's refusals become their status, nothing changed.
    func change(
        jobID: String,
        caller: Caller,
        _ operation: @escaping @Sendable (inout JobRecord, Int64) throws -> [JobEvent]
    ) async throws -> Quad_Jobs_V1_LaundryJob {
        try Self.requireJobID(jobID)
        let clock = nowMicros
        return try await refusingAsRPC {
            try await database.write { db in
                guard var record = try JobsStore.job(id: jobID, db), record.isVisible(to: caller.userID) else {
                    throw Self.notFound(jobID)
                }
                let at = max(clock, record.job.lastChangeAt)
                return try Self.apply(&record, at: at, viewer: caller.userID, db) { record in try operation(&record, at)
                }
            }
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

    static func requireJobID(_ jobID: String) throws {
        guard !jobID.isEmpty else { throw RPCError(code: .invalidArgument, message: "job_id: name the laundry job") }
    }

    static func notFound(_ jobID: String) -> RPCError {
        RPCError(
            code: .notFound,
            message: "job_id: no laundry job \(jobID) of yours (you are neither its customer nor its dasher)"
        )
    }
}

extension JobRecord {
    /// Whether `user` may see the job: its customer or its assigned dasher.
    func isVisible(to user: String) -> Bool {
        job.customer == user || job.dasher == user
    }
}
