import Foundation
import Logging
import PaymentsDomain
import PaymentsProviders
import PaymentsStore
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P2, L1, L9: holds for jobs of every product, released on request, and intents looked up.
extension PaymentsService {
    /// Service only (jobs, at submission): prices the job's `lines` with the module of its `product` (and the
    /// prices of its zone, when the product's depend on the place) and holds the estimate on the customer's payment
    /// method. Needs `idempotency-key` (jobs uses the job id): a repeat answers the first hold and places no second
    /// one. A declined card is FAILED_PRECONDITION naming the decline code and stores nothing.
    public func holdForJob(
        request: Quad_Payments_V1_HoldForJobRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_JobHold {
        let key = try context.requireIdempotencyKey()
        if let stored = try await database.storedHold(key: key, request: request) {
            return stored
        }
        try Self.require(request.jobID, "job_id", "the job the hold is for")
        try Self.require(request.customerID, "customer_id", "the customer whose payment method is held")
        try Self.require(request.paymentMethodID, "payment_method_id", "the payment method from AddPaymentMethod")
        let product = try refusingAsRPC { try products.product(request.product) }
        let items = try refusingAsRPC { try PaymentsProtoMapping.items(request.lines, field: "lines") }
        let methodID = request.paymentMethodID
        let method = try await database.paymentMethod(id: methodID)
        guard let method, method.owner == request.customerID else {
            throw RPCError(
                code: .failedPrecondition,
                message: "payment_method_id: \(methodID) is not a payment method of customer \(request.customerID); "
                    + "add one with AddPaymentMethod"
            )
        }
        let zone = try await zonePrices(for: product.pricing, zoneID: request.zoneID)
        let estimate = try refusingAsRPC { try product.pricing.estimate(items, zone: zone) }
        let estimateWire = try PaymentsProtoMapping.quote(estimate, productQuote: product.productQuote(estimate))
        // The provider's key is the job's, whatever key jobs sent: a job is held once.
        let authorization: ProviderAuthorization
        do throws(ProviderError) {
            authorization = try await provider.authorize(
                estimate.total,
                paymentMethod: method.token,
                idempotencyKey: "\(request.jobID):hold"
            )
        } catch {
            throw error.rpcError(declined: "the card was declined")
        }
        let now = nowMicros
        let configuration = configuration
        let (intent, action) = try refusingAsRPC {
            try PaymentIntent.authorize(
                id: EntityID.generate(now: Date(micros: now)),
                customer: request.customerID,
                amount: estimate.total,
                now: now,
                configuration: configuration.intent
            )
        }
        let record = JobHoldRecord(
            jobID: request.jobID,
            product: estimate.product,
            paymentIntentID: intent.id,
            customerID: request.customerID,
            zoneID: request.zoneID,
            paymentMethodID: method.id,
            paymentMethodToken: method.token,
            authorizationID: authorization.id,
            estimateItems: estimate.items,
            zonePrices: zone?.prices ?? [:],
            estimateTotal: estimate.total,
            placedAt: now
        )
        return try await database.placeHold(
            intent,
            postings: action.postings,
            record: record,
            estimate: estimateWire,
            now: now,
            request: request,
            key: key
        )
    }

    /// The prices of `zoneID` when `pricing` needs them (identity's campus directory: a dorm's machines), else nil.
    /// INVALID_ARGUMENT when it needs a zone and none is named; NOT_FOUND naming `field` for an unknown one.
    func zonePrices(
        for pricing: any ProductPricing,
        zoneID: String,
        field: String = "zone_id"
    ) async throws -> ZonePrices? {
        guard pricing.needsZonePrices else { return nil }
        try Self.require(zoneID, field, "the zone whose prices make a \(pricing.product) estimate")
        guard let prices = try await directory.prices(ofDorm: zoneID) else {
            throw RPCError(
                code: .notFound,
                message: "\(field): no dorm \(zoneID) in the campus directory; pick one from Identity/ListCampuses"
            )
        }
        return ZonePrices(zone: zoneID, prices: prices.byCode)
    }

    /// Service only (jobs, when it could not post the job): lets the hold go at once. Needs `idempotency-key`.
    /// A hold released or lapsed already is answered as it stands; a captured one is refused.
    public func releaseHold(
        request: Quad_Payments_V1_ReleaseHoldRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_PaymentIntent {
        let key = try context.requireIdempotencyKey()
        if let stored = try await database.storedRelease(key: key, request: request) {
            return stored
        }
        try Self.require(request.paymentIntentID, "payment_intent_id", "the intent whose hold to release")
        let intentID = request.paymentIntentID
        let found = try await refusingAsRPC { try await database.holdAndIntent(ofIntent: intentID) }
        guard let found else {
            throw RPCError(code: .notFound, message: "payment_intent_id: no payment intent \(intentID)")
        }
        let (hold, intent) = found
        if intent.status(at: nowMicros) == .captured {
            throw RPCError(
                PaymentsError(
                    code: .failedPrecondition,
                    message: "cannot release the hold of intent \(intentID): it was captured; refund it instead"
                )
            )
        }
        let voided = try await voidHold(of: intent, hold: hold, logger: context.logger)
        let now = nowMicros
        return try await refusingAsRPC {
            try await database.releaseHold(
                intentID: intentID,
                jobID: hold.jobID,
                voided: voided,
                now: now,
                request: request,
                key: key
            )
        }
    }

    /// Service only: one intent, by id or by job.
    public func getPaymentIntent(
        request: Quad_Payments_V1_GetPaymentIntentRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_PaymentIntent {
        guard !request.paymentIntentID.isEmpty || !request.jobID.isEmpty else {
            throw RPCError(
                code: .invalidArgument,
                message: "payment_intent_id or job_id is required: the intent to show"
            )
        }
        let (intentID, jobID) = (request.paymentIntentID, request.jobID)
        let found = try await refusingAsRPC {
            intentID.isEmpty
                ? try await database.holdAndIntent(ofJob: jobID) : try await database.holdAndIntent(ofIntent: intentID)
        }
        guard let found else {
            throw RPCError(
                code: .notFound,
                message: intentID.isEmpty
                    ? "job_id: no payment intent for job \(jobID)" : "payment_intent_id: no payment intent \(intentID)"
            )
        }
        let (hold, intent) = found
        return PaymentsProtoMapping.intent(intent, jobID: hold.jobID, at: nowMicros)
    }

    // MARK: Letting a hold go (ReleaseHold, job.cancelled, the sweep)

    /// Voids `intent`'s hold at the provider when it is still open, with the job's release key (`<job>:release`, the
    /// same whoever lets it go, so a second release is the provider's repeat). Returns whether the hold is void.
    ///
    /// A provider that says the hold is gone already (captured or voided there, or unknown) has nothing to void:
    /// logged, and the hold is let go here too.
    func voidHold(of intent: PaymentIntent, hold: JobHoldRecord, logger: Logger) async throws -> Bool {
        guard intent.status(at: nowMicros) == .held else { return false }
        do throws(ProviderError) {
            _ = try await provider.void(authorization: hold.authorizationID, idempotencyKey: "\(hold.jobID):release")
        } catch let error where error.kind == .invalidRequest {
            logger.warning(
                "the provider has no open hold to void; releasing it here",
                metadata: ["job_id": "\(hold.jobID)", "payment_intent_id": "\(intent.id)", "error": "\(error.message)"]
            )
        } catch {
            throw error.rpcError(declined: "the release was declined")
        }
        return true
    }
}
