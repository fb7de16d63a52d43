public import Foundation
import JobsLaundry
public import QuadContracts
public import QuadKernel
public import QuadServiceKit
public import QuadStorage
public import QuadWire

/// The jobs bounded context (L1, L6-L15): laundry jobs, their stages and timeline, cancellation, reviews and the
/// dispute claim. Authorization is decided here on every call: a job is seen only by its customer and its assigned
/// dasher; the domain (``JobsLaundry/LaundryJob``) decides who may change what.
public final class JobsService: Quad_Jobs_V1_Jobs.ServiceProtocol, Sendable {
    let database: JobsDatabase
    let payments: Quad_Payments_V1_Payments.Client
    let pickupPlaces: any PickupPlaceDirectory
    let documents: any DocumentDirectory
    let configuration: JobsConfiguration
    let clock: QuadClock

    /// - Parameters:
    ///   - payments: payments' service (holds at submission, final prices at "finished drying").
    ///   - pickupPlaces: where customers are picked up (identity's `GetPickupPlaces`), asked at submission.
    ///   - documents: what the documents a dispute names are (fleet-documents' `GetDocuments`).
    ///   - clock: the clock (tests pass a settable one).
    public init(
        database: QuadDatabase,
        payments: any ClientTransport,
        pickupPlaces: any PickupPlaceDirectory,
        documents: any DocumentDirectory,
        configuration: JobsConfiguration = JobsConfiguration(),
        clock: QuadClock = .system()
    ) {
        self.database = JobsDatabase(storage: database)
        self.payments = Quad_Payments_V1_Payments.Client(transport: payments)
        self.pickupPlaces = pickupPlaces
        self.documents = documents
        self.configuration = configuration
        self.clock = clock
    }

    /// The clock in UTC microseconds.
    var nowMicros: Int64 { clock.micros() }

    /// Changes job `jobID` of `caller` in one write (``JobsDatabase/change(jobID:of:now:_:)``): `operation` runs at
    /// an instant not before the job's last change, and what it did is stored with its outbox messages and feed events.
    ///
    /// NOT_FOUND when there is no such job or the caller is neither its customer nor its dasher (a stranger learns
    /// nothing); the domain's refusals become their status, nothing changed.
    func change(
        jobID: String,
        caller: Caller,
        _ operation: @escaping @Sendable (inout JobRecord, Int64) throws -> [JobEvent]
    ) async throws -> Quad_Jobs_V1_LaundryJob {
        try Self.requireJobID(jobID)
        let changed = try await refusingAsRPC {
            try await database.change(jobID: jobID, of: caller.userID, now: nowMicros, operation)
        }
        guard let changed else { throw Self.notFound(jobID) }
        return changed
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
