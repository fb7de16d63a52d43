public import Foundation
import JobsRides
public import QuadContracts
public import QuadKernel
public import QuadServiceKit
public import QuadStorage
public import QuadWire

/// Rides (R1-R5), served by quad-jobs beside laundry's ``JobsService`` and ``ErrandsService`` on the same database.
/// Authorization is decided here on every call (rides.proto): an open offer is seen by everyone signed in, its seats
/// by its offerer and each rider their own; an ended or cancelled offer by its offerer and its riders; anyone who may
/// not see something gets the answer of an unknown id. The domain (``JobsRides``) decides who may change what.
public final class RidesService: Quad_Jobs_V1_Rides.ServiceProtocol, Sendable {
    let database: JobsDatabase
    let payments: Quad_Payments_V1_Payments.Client
    let members: any RideMemberDirectory
    let documents: any DocumentDirectory
    let configuration: JobsConfiguration
    let clock: QuadClock

    /// - Parameters:
    ///   - payments: payments' service (a seat's hold at acceptance, its release when acceptance fails).
    ///   - members: identity's answers about a ride's people (shared prompt categories, dates of birth).
    ///   - documents: what a fare's receipt is (fleet-documents' `GetDocuments`).
    ///   - clock: the clock (tests pass a settable one).
    public init(
        database: QuadDatabase,
        payments: any ClientTransport,
        members: any RideMemberDirectory,
        documents: any DocumentDirectory,
        configuration: JobsConfiguration = JobsConfiguration(),
        clock: QuadClock = .system()
    ) {
        self.database = JobsDatabase(storage: database)
        self.payments = Quad_Payments_V1_Payments.Client(transport: payments)
        self.members = members
        self.documents = documents
        self.configuration = configuration
        self.clock = clock
    }

    /// The clock in UTC microseconds.
    var nowMicros: Int64 { clock.micros() }

    /// Changes seat `seatID` as `caller` (``JobsDatabase/changeRideSeat(id:by:now:_:)``); NOT_FOUND when there is no
    /// such seat or the caller is neither its rider nor its offer's offerer.
    func changeSeat(
        _ seatID: String,
        caller: Caller,
        _ operation: @escaping @Sendable (inout RideOffer, inout RideSeat, Int64) throws -> RideOutcome
    ) async throws -> Quad_Jobs_V1_RideSeat {
        try Self.require(seatID, "seat_id", "the seat")
        let changed = try await refusingAsRPC {
            try await database.changeRideSeat(id: seatID, by: caller.userID, now: nowMicros, operation)
        }
        guard let changed else { throw Self.seatNotFound(seatID) }
        return changed
    }

    /// Changes offer `offerID` as `caller` (``JobsDatabase/changeRideOffer(id:by:now:_:)``); NOT_FOUND when there is
    /// no such offer or the caller may not see it.
    func changeOffer(
        _ offerID: String,
        caller: Caller,
        _ operation: @escaping @Sendable (inout RideOffer, inout [RideSeat], Int64) throws -> RideOutcome
    ) async throws -> Quad_Jobs_V1_RideOffer {
        try Self.require(offerID, "offer_id", "the offer")
        let changed = try await refusingAsRPC {
            try await database.changeRideOffer(id: offerID, by: caller.userID, now: nowMicros, operation)
        }
        guard let changed else { throw Self.offerNotFound(offerID) }
        return changed
    }

    static func require(_ id: String, _ field: String, _ what: String) throws {
        guard !id.isEmpty else { throw RPCError(code: .invalidArgument, message: "\(field): name \(what)") }
    }

    /// Refuses a `reason` over 500 characters (the reasons of a rejection or a cancellation, kept short).
    static func requireReason(_ reason: String) throws {
        guard reason.count <= 500 else {
            throw RPCError(
                code: .invalidArgument,
                message: "reason has \(reason.count) characters; shorten it to at most 500"
            )
        }
    }

    static func offerNotFound(_ offerID: String) -> RPCError {
        RPCError(
            code: .notFound,
            message: "offer_id: no offer \(offerID) you can see (open offers, your own, and those you had a seat on)"
        )
    }

    static func seatNotFound(_ seatID: String) -> RPCError {
        RPCError(code: .notFound, message: "seat_id: no seat \(seatID) of yours or of your offers")
    }
}
