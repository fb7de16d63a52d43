import PaymentsDomain
import PaymentsStore
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire

/// L10, P3, P6: a completed job's capture, recorded.
extension PaymentsDatabase {
    /// `job.completed`, applied once: stores `paid` (its hold captured and any charge above it) with its `postings`
    /// and `hold` (now naming the dasher and the provider's receipts), tells jobs `captured`, and logs the capture to
    /// the customer and `earnings` (when above zero) to the dasher. ABORTED when the hold is no longer open: it was
    /// read open before the provider was asked.
    func recordCapture(
        _ paid: PaymentIntent,
        postings: [Posting],
        hold: JobHoldRecord,
        captured: Quad_Payments_V1_PaymentCaptured,
        dasherID: String,
        earnings: Money,
        now: Int64,
        receiving delivery: Quad_Types_V1_OutboxDelivery
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let jobID = hold.jobID
        return try await storage.receive(delivery) { db in
            // Re-check: the hold was read open before the provider was asked.
            guard try PaymentsStore.intent(id: paid.id, db)?.status == .held else {
                throw RPCError(
                    code: .aborted,
                    message: "the hold of job \(jobID) changed while it was captured; retry"
                )
            }
            try PaymentsStore.update(paid, db)
            try PaymentsStore.append(postings, db)
            try PaymentsStore.update(hold, db)
            try Quad_Payments_V1_Payments.Events.send(
                captured,
                key: "\(jobID):\(Quad_Payments_V1_PaymentCaptured.topic)",
                into: db.outbox
            )
            try Feed.log(
                .captured,
                to: paid.customer,
                jobID: jobID,
                amount: paid.totalCharged,
                reference: paid.id,
                at: now,
                db
            )
            if earnings.isPositive {
                try Feed.log(
                    .earned,
                    to: dasherID,
                    jobID: jobID,
                    amount: earnings,
                    reference: paid.id,
                    at: now,
                    db
                )
            }
        }
    }
}
