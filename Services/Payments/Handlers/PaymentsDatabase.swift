import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire
import SwiftProtobuf

/// Payments' database (GRDB's `AppDatabase` pattern): the one place payments begins and commits transactions. Each
/// method is one read or one write, named for what it does to the money, and returns domain values or the records
/// the handlers map to messages; the handlers validate requests and call the provider and other services around
/// it, and never see SQLite.
///
/// A method that answers an idempotent command (``placeHold(_:postings:record:estimate:now:request:key:)``,
/// ``postPayout(_:receiptID:currency:now:request:key:)``, ...) records its answer under the command's key in the
/// same write; one that applies a delivery (`receiving:`) records the delivery in the inbox in the same write, so it
/// applies once.
struct PaymentsDatabase: Sendable {
    /// The service's database, migrated with `PaymentsMigrations.migrator`.
    let storage: QuadDatabase

    /// Payments' transactions on `storage`.
    init(_ storage: QuadDatabase) {
        self.storage = storage
    }

    /// Where HoldForJob's idempotency keys are unique.
    static let holdScope = "quad.payments.v1.Payments/HoldForJob"
    /// Where ReleaseHold's idempotency keys are unique.
    static let releaseScope = "quad.payments.v1.Payments/ReleaseHold"
    /// Where ResolveDispute's idempotency keys are unique.
    static let resolveScope = "quad.payments.v1.Payments/ResolveDispute"
    /// Where HouseholdTransfer's idempotency keys (households' settlement ids) are unique: one scope, as only
    /// households calls it.
    static let householdTransferScope = "quad.payments.v1.Payments/HouseholdTransfer"

    /// Where `user`'s RequestPayout idempotency keys are unique.
    static func payoutScope(user: String) -> String { "quad.payments.v1.Payments/RequestPayout:\(user)" }

    /// Where `user`'s Transfer idempotency keys are unique.
    static func transferScope(user: String) -> String { "quad.payments.v1.Payments/Transfer:\(user)" }

    // MARK: Answers to repeated commands

    /// The hold answered before under `key`, if this HoldForJob ran before; FAILED_PRECONDITION for another request.
    func storedHold(key: String, request: Quad_Payments_V1_HoldForJobRequest) async throws -> Quad_Payments_V1_JobHold?
    {
        try await stored(Self.holdScope, key, request)
    }

    /// The intent answered before under `key`, if this ReleaseHold ran before; FAILED_PRECONDITION for another request.
    func storedRelease(
        key: String,
        request: Quad_Payments_V1_ReleaseHoldRequest
    ) async throws -> Quad_Payments_V1_PaymentIntent? {
        try await stored(Self.releaseScope, key, request)
    }

    /// The dispute answered before under `key`, if this ResolveDispute ran before; FAILED_PRECONDITION for another
    /// request.
    func storedResolution(
        key: String,
        request: Quad_Payments_V1_ResolveDisputeRequest
    ) async throws -> Quad_Payments_V1_Dispute? {
        try await stored(Self.resolveScope, key, request)
    }

    /// The payout answered before to `user` under `key`, if this RequestPayout ran before; FAILED_PRECONDITION for
    /// another request.
    func storedPayout(
        user: String,
        key: String,
        request: Quad_Payments_V1_RequestPayoutRequest
    ) async throws -> Quad_Payments_V1_Payout? {
        try await stored(Self.payoutScope(user: user), key, request)
    }

    /// The receipt answered before to `user` under `key`, if this Transfer ran before; FAILED_PRECONDITION for
    /// another request.
    func storedTransfer(
        user: String,
        key: String,
        request: Quad_Payments_V1_TransferRequest
    ) async throws -> Quad_Payments_V1_TransferReceipt? {
        try await stored(Self.transferScope(user: user), key, request)
    }

    /// The receipt answered before under `key`, if this HouseholdTransfer ran before; FAILED_PRECONDITION for another
    /// request.
    func storedHouseholdTransfer(
        key: String,
        request: Quad_Payments_V1_HouseholdTransferRequest
    ) async throws -> Quad_Payments_V1_TransferReceipt? {
        try await stored(Self.householdTransferScope, key, request)
    }

    /// The answer stored for `key` in `scope`, if `request` ran before.
    private func stored<Response: SwiftProtobuf.Message & Sendable>(
        _ scope: String,
        _ key: String,
        _ request: some SwiftProtobuf.Message
    ) async throws -> Response? {
        try await storage.storedAnswer(scope: scope, key: key, request: request, as: Response.self)
    }

    // MARK: Deliveries

    /// Records `delivery` as applied with no change: what a delivery payments has nothing to do for gets.
    func markReceived(_ delivery: Quad_Types_V1_OutboxDelivery) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { _ in }
    }

    // MARK: The feed

    /// Serves WatchEvents (G3) from the users' feed events this database logged (``QuadServiceKit/EventSourceStream``).
    func serveEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await EventSourceStream.serve(request: request, response: response, database: storage, context: context)
    }
}
