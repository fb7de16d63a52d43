import Logging
import PaymentsDomain
import PaymentsProviders
import PaymentsStore
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// L10, P3, P6: a completed job is paid: the hold captured, the rest charged, the dasher credited.
extension PaymentsService {
    /// `job.completed`: captures up to the hold (provider key `<job>:capture`), charges the part of the final price
    /// above it (`<job>:charge`) when the customer agreed to it, credits the final quote's split (recomputed here by
    /// the hold's product from what the completion reports: laundry's actual loads, machine cost and add-ons; an
    /// errand's `lines`) to the worker (`dasher_id`: laundry's dasher, an errand's buyer) and the platform, and tells
    /// jobs `payment.captured`; all of it, with the inbox key and the feed events, in one write after the provider
    /// calls. A completion the product cannot read is INVALID_ARGUMENT and moves nothing.
    ///
    /// A completion whose hold is gone (released, lapsed, unknown) is logged and applied as nothing: no money can
    /// move without a hold, and blocking jobs' outbox on it would hold back every later delivery.
    public func jobCompleted(
        _ completed: Quad_Jobs_V1_JobCompleted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let logger = context.logger
        try Self.require(completed.jobID, "job_id", "the completed job")
        try Self.require(completed.dasherID, "dasher_id", "the dasher to credit")
        let jobID = completed.jobID
        let found = try await refusingAsRPC { try await database.holdAndIntent(ofJob: jobID) }
        guard let found else {
            logger.error("job.completed for a job with no hold; nothing captured", metadata: ["job_id": "\(jobID)"])
            return try await database.markReceived(delivery)
        }
        let (hold, stored) = found
        // The hold's product prices the completion, with the schedule in force now.
        let product = try refusingAsRPC { try products.product(hold.product) }
        let items = try product.finalItems(of: completed)
        let final = try refusingAsRPC { try product.pricing.final(items) }
        if completed.hasFinalTotal, PaymentsProtoMapping.money(completed.finalTotal) != final.total {
            logger.warning(
                "jobs' final total differs from payments' own; charging payments' own",
                metadata: [
                    "job_id": "\(completed.jobID)", "jobs": "\(completed.finalTotal)", "payments": "\(final.total)",
                ]
            )
        }
        let now = nowMicros
        guard stored.status(at: now) == .held else {
            if stored.status != .captured {
                logger.error(
                    "job.completed for a job whose hold is gone; nothing captured",
                    metadata: [
                        "job_id": "\(jobID)", "payment_intent_id": "\(stored.id)",
                        "status": "\(stored.status(at: now))",
                    ]
                )
            }
            return try await database.markReceived(delivery)
        }
        var intent = stored
        let captureAmount = final.total.minorUnits <= intent.held.minorUnits ? final.total : intent.held
        var postings = try refusingAsRPC { try intent.capture(captureAmount, now: now).postings }
        let capture: ProviderReceipt
        do throws(ProviderError) {
            capture = try await provider.capture(
                captureAmount,
                authorization: hold.authorizationID,
                idempotencyKey: "\(jobID):capture"
            )
        } catch let error where error.kind == .declined(code: "authorization_expired") {
            logger.error(
                "the provider's hold lapsed before the job was completed; nothing captured",
                metadata: ["job_id": "\(jobID)", "payment_intent_id": "\(intent.id)"]
            )
            return try await database.markReceived(delivery)
        } catch {
            throw error.rpcError(declined: "the capture was declined")
        }
        let charge = try await chargeAboveHold(
            of: &intent,
            final: final,
            hold: hold,
            pricing: product.pricing,
            approved: completed.aboveHoldApproved,
            now: now,
            postings: &postings,
            logger: logger
        )
        let split = try Self.creditable(final.split, within: intent.totalCharged)
        postings += try refusingAsRPC { try intent.creditEarnings(split, to: completed.dasherID, now: now).postings }
        var completedHold = hold
        completedHold.workerID = completed.dasherID
        completedHold.captureReceiptID = capture.id
        completedHold.chargeReceiptID = charge?.id
        let updatedHold = completedHold
        let captured = Quad_Payments_V1_PaymentCaptured.with {
            $0.jobID = jobID
            $0.paymentIntentID = intent.id
            $0.captured = PaymentsProtoMapping.amount(intent.totalCharged)
            $0.dasherEarnings = PaymentsProtoMapping.amount(split.workerTotal)
            $0.atMicros = now
        }
        return try await refusingAsRPC {
            try await database.recordCapture(
                intent,
                postings: postings,
                hold: updatedHold,
                captured: captured,
                dasherID: completed.dasherID,
                earnings: split.workerTotal,
                now: now,
                receiving: delivery
            )
        }
    }

    /// Charges the part of `final` above the captured hold, when there is one and the customer agreed to it (by
    /// submitting, up to twice the estimate; explicitly above that), adding its postings. Returns the provider's
    /// receipt, or nil when nothing was charged: no part above the hold, no agreement, or a decline (logged; the
    /// platform then bears the shortfall, see ``creditable(_:within:)``).
    private func chargeAboveHold(
        of intent: inout PaymentIntent,
        final: Quote,
        hold: JobHoldRecord,
        pricing: any ProductPricing,
        approved: Bool,
        now: Int64,
        postings: inout [Posting],
        logger: Logger
    ) async throws -> ProviderReceipt? {
        let rest = final.total.minorUnits - intent.captured.minorUnits
        guard rest > 0 else { return nil }
        let amount = Money(minorUnits: rest, currency: final.total.currency)
        // Agreed at submission up to the product's limit over what was held; above it, the customer's answer.
        let agreed = !pricing.needsApproval(final: final.total, estimate: hold.estimateTotal)
        var charged = intent
        let action: PaymentIntent.Action
        do {
            action = try charged.chargeAboveHold(amount, approvedByCustomer: approved || agreed, now: now)
        } catch {
            logger.error(
                "the final price is above the hold and was not approved; only the hold was captured",
                metadata: ["job_id": "\(hold.jobID)", "error": "\(error.message)"]
            )
            return nil
        }
        let receipt: ProviderReceipt
        do throws(ProviderError) {
            receipt = try await provider.charge(
                amount,
                paymentMethod: hold.paymentMethodToken,
                idempotencyKey: "\(hold.jobID):charge"
            )
        } catch let error where error.kind != .unavailable {
            logger.error(
                "the charge above the hold failed; only the hold was captured",
                metadata: ["job_id": "\(hold.jobID)", "error": "\(error)"]
            )
            return nil
        } catch {
            throw error.rpcError(declined: "the charge above the hold was declined")
        }
        intent = charged
        postings += action.postings
        return receipt
    }

    /// `split` as far as `charged` covers it: all of it normally; when a charge above the hold could not be made,
    /// the dasher is still reimbursed and paid first and the platform bears the shortfall.
    static func creditable(_ split: EarningsSplit, within charged: Money) throws -> EarningsSplit {
        guard split.total.minorUnits > charged.minorUnits else { return split }
        let reimbursement = min(split.reimbursement.minorUnits, charged.minorUnits)
        let earnings = min(split.workerEarnings.minorUnits, charged.minorUnits - reimbursement)
        let platform = charged.minorUnits - reimbursement - earnings
        return try refusingAsRPC {
            try EarningsSplit(
                reimbursement: Money(minorUnits: reimbursement, currency: charged.currency),
                workerEarnings: Money(minorUnits: earnings, currency: charged.currency),
                platformRevenue: Money(minorUnits: platform, currency: charged.currency)
            )
        }
    }
}
