public import Foundation
import JobsErrands
public import QuadContracts
public import QuadKernel
public import QuadServiceKit
public import QuadStorage
public import QuadWire

/// Errands (E1-E9), served by quad-jobs beside laundry's ``JobsService`` on the same database. Authorization is
/// decided here on every call: an open errand is seen by the signed-in people of its campus; once accepted, by its
/// requester and its buyer only; the domain (``JobsErrands``) decides who may change what. Anyone who may not see an
/// errand gets the answer of an unknown id.
public final class ErrandsService: Quad_Jobs_V1_Errands.ServiceProtocol, Sendable {
    let database: JobsDatabase
    let payments: Quad_Payments_V1_Payments.Client
    let documents: any DocumentDirectory
    let configuration: JobsConfiguration
    let clock: QuadClock

    /// - Parameters:
    ///   - payments: payments' service (holds at posting).
    ///   - documents: what a receipt named at purchase is (fleet-documents' `GetDocuments`).
    ///   - clock: the clock (tests pass a settable one).
    public init(
        database: QuadDatabase,
        payments: any ClientTransport,
        documents: any DocumentDirectory,
        configuration: JobsConfiguration = JobsConfiguration(),
        clock: QuadClock = .system()
    ) {
        self.database = JobsDatabase(storage: database)
        self.payments = Quad_Payments_V1_Payments.Client(transport: payments)
        self.documents = documents
        self.configuration = configuration
        self.clock = clock
    }

    /// The clock in UTC microseconds.
    var nowMicros: Int64 { clock.micros() }

    /// Changes errand `errandID` as `caller` in one write (``JobsDatabase/changeErrand(id:by:campus:now:_:)``).
    /// NOT_FOUND when there is no such errand or the caller may not see it; the domain's refusals become their
    /// status, nothing changed.
    func change(
        errandID: String,
        caller: Caller,
        accepting: Bool = false,
        _ operation: @escaping @Sendable (inout ErrandRecord, Int64) throws -> [ErrandEvent]
    ) async throws -> Quad_Jobs_V1_Errand {
        try Self.requireErrandID(errandID)
        let changed = try await refusingAsRPC {
            try await database.changeErrand(
                id: errandID,
                by: caller.userID,
                campus: caller.campusID,
                accepting: accepting,
                now: nowMicros,
                operation
            )
        }
        guard let changed else { throw Self.notFound(errandID) }
        return changed
    }

    static func requireErrandID(_ errandID: String) throws {
        guard !errandID.isEmpty else { throw RPCError(code: .invalidArgument, message: "errand_id: name the errand") }
    }

    static func notFound(_ errandID: String) -> RPCError {
        RPCError(
            code: .notFound,
            message: "errand_id: no errand \(errandID) you can see (open errands of your campus, and your own)"
        )
    }
}
