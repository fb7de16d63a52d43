import Logging
import PaymentsDomain
import PaymentsStore
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire

/// P5, L13: the money side of a job's dispute, opened and resolved.
extension PaymentsDatabase {
    /// The dispute `id`, if there is one.
    func dispute(id: String, configuration: DisputeConfiguration) async throws -> DisputeRecord? {
        try await storage.read { db in try PaymentsStore.dispute(id: id, configuration: configuration, db) }
    }

    /// The dispute `id` with the payment it disputes and that payment's hold, read together; nil when any is missing.
    func disputeWithPayment(
        id: String,
        configuration: DisputeConfiguration
    ) async throws -> (DisputeRecord, PaymentIntent, JobHoldRecord)? {
        try await storage.read { db -> (DisputeRecord, PaymentIntent, JobHoldRecord)? in
            guard let record = try PaymentsStore.dispute(id: id, configuration: configuration, db),
                let intent = try PaymentsStore.intent(id: record.dispute.paymentIntentID, db),
                let hold = try PaymentsStore.jobHold(paymentIntentID: intent.id, db)
            else { return nil }
            return (record, intent, hold)
        }
    }

    /// `dispute.opened`, applied once: opens dispute `id` of job `jobID`'s payment, unless it is open already. A job
    /// with no payment, or a claim the payment cannot take (`Dispute.open` refuses it), is logged to `logger` and
    /// applied as nothing.
    func openDispute(
        id: String,
        jobID: String,
        reason: Dispute.Reason,
        description: String,
        evidenceDocumentIDs: [String],
        now: Int64,
        configuration: DisputeConfiguration,
        receiving delivery: Quad_Types_V1_OutboxDelivery,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard try PaymentsStore.dispute(id: id, configuration: configuration, db) == nil else {
                return
            }
            guard let hold = try PaymentsStore.jobHold(jobID: jobID, db),
                let intent = try PaymentsStore.intent(id: hold.paymentIntentID, db)
            else {
                logger.error(
                    "dispute.opened for a job with no payment; nothing opened",
                    metadata: ["job_id": "\(jobID)"]
                )
                return
            }
            let dispute: Dispute
            do throws(PaymentsError) {
                dispute = try Dispute.open(
                    id: id,
                    paymentIntent: intent,
                    reason: reason,
                    description: description,
                    evidenceDocumentIDs: evidenceDocumentIDs,
                    now: now,
                    configuration: configuration
                )
            } catch {
                logger.error(
                    "dispute.opened that payments cannot open; nothing opened",
                    metadata: [
                        "job_id": "\(jobID)", "dispute_id": "\(id)",
                        "error": "\(error.message)",
                    ]
                )
                return
            }
            _ = try PaymentsStore.insert(
                DisputeRecord(dispute: dispute, jobID: jobID, customerID: intent.customer),
                db
            )
        }
    }

    /// ResolveDispute's write, answered once per `key`: stores the resolved dispute `record`, the payment `changed`
    /// from `before` by it and its `postings`, tells jobs `resolved`, and logs what was `refunded` (when above zero)
    /// to the customer; answers the dispute. FAILED_PRECONDITION when the dispute was resolved, or its payment
    /// changed, since they were read before the provider was asked.
    func recordResolution(
        _ record: DisputeRecord,
        payment changed: PaymentIntent,
        before: PaymentIntent,
        postings: [Posting],
        resolved: Quad_Payments_V1_DisputeResolved,
        refunded: Money,
        now: Int64,
        configuration: DisputeConfiguration,
        currency: String,
        request: Quad_Payments_V1_ResolveDisputeRequest,
        key: String
    ) async throws -> Quad_Payments_V1_Dispute {
        let id = record.dispute.id
        return try await storage.idempotent(scope: Self.resolveScope, key: key, request: request) { db in
            // Re-check: the dispute and its payment were read before the provider was asked.
            guard let current = try PaymentsStore.dispute(id: id, configuration: configuration, db),
                current.dispute.status == .open, try PaymentsStore.intent(id: changed.id, db) == before
            else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "dispute \(id) was resolved meanwhile; read it again"
                )
            }
            try PaymentsStore.update(changed, db)
            try PaymentsStore.append(postings, db)
            try PaymentsStore.update(record, db)
            try Quad_Payments_V1_Payments.Events.send(
                resolved,
                key: "\(record.jobID):\(Quad_Payments_V1_DisputeResolved.topic):\(id)",
                into: db.outbox
            )
            if refunded.isPositive {
                try Feed.log(
                    .refunded,
                    to: changed.customer,
                    jobID: record.jobID,
                    amount: refunded,
                    reference: id,
                    at: now,
                    db
                )
            }
            return PaymentsProtoMapping.dispute(record, currency: currency)
        }
    }
}
