import Foundation
import JobsLaundry
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension JobsService {
    /// `offer.accepted` from matching, applied once: assigns the dasher (stage 1). An acceptance the job can no longer
    /// take (cancelled meanwhile), or of a job jobs never stored, is applied as nothing and logged.
    public func offerAccepted(
        _ accepted: Quad_Matching_V1_OfferAccepted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await database.assign(
            dasher: accepted.dasherID,
            toJob: accepted.jobID,
            delivery: delivery,
            now: nowMicros,
            logger: context.logger
        )
    }

    /// `payment.captured` from payments, applied once: the job is paid.
    public func paymentCaptured(
        _ captured: Quad_Payments_V1_PaymentCaptured,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let detail = "payments charged \(JobsProtoMapping.money(captured.captured).formatted)"
        return try await database.recordPayment(
            .paid,
            detail: detail,
            jobID: captured.jobID,
            delivery: delivery,
            now: nowMicros,
            logger: context.logger,
            errand: { $0.paymentState = .paid }
        ) { $0.paymentState = .paid }
    }

    /// `payment.released` from payments, applied once: a cancelled job's hold is released (or had lapsed).
    public func paymentReleased(
        _ released: Quad_Payments_V1_PaymentReleased,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let amount = JobsProtoMapping.money(released.released).formatted
        let detail =
            released.expired
            ? "the hold of \(amount) had lapsed; nothing was charged" : "payments released the hold of \(amount)"
        return try await database.recordPayment(
            .released,
            detail: detail,
            jobID: released.jobID,
            delivery: delivery,
            now: nowMicros,
            logger: context.logger,
            errand: { $0.paymentState = .released }
        ) { $0.paymentState = .released }
    }

    /// `dispute.resolved` from payments, applied once: records the claim's outcome.
    public func disputeResolved(
        _ resolved: Quad_Payments_V1_DisputeResolved,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let refunded = JobsProtoMapping.money(resolved.refunded)
        let detail =
            refunded.isPositive
            ? "the dispute was resolved: \(refunded.formatted) refunded" : "the dispute was resolved with no refund"
        return try await database.recordPayment(
            .disputeResolved,
            detail: detail,
            jobID: resolved.jobID,
            delivery: delivery,
            now: nowMicros,
            logger: context.logger
        ) { record in
            record.disputeOutcome = resolved.outcome
            record.disputeRefunded = refunded
        }
    }

    /// G3: jobs' event source (JobChanged for the customer and the dasher), followed by the gateway.
    public func watchEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await database.serveEvents(request: request, response: response, context: context)
    }
}

/// Outbox deliveries (the events jobs.proto says jobs receives) arrive through the generated dispatch.
extension JobsService: Quad_Jobs_V1_Jobs.Deliver {}
