import GRDB
import Logging
import PaymentsDomain
import PaymentsStore
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire

/// P2, L1, L9: holds placed, confirmed, let go and looked up.
extension PaymentsDatabase {
    /// The intent `id`, if there is one.
    func intent(id: String) async throws -> PaymentIntent? {
        try await storage.read { db in try PaymentsStore.intent(id: id, db) }
    }

    /// The hold whose intent is `intentID`, if there is one.
    func hold(ofIntent intentID: String) async throws -> JobHoldRecord? {
        try await storage.read { db in try PaymentsStore.jobHold(paymentIntentID: intentID, db) }
    }

    /// Job `jobID`'s hold and its intent, read together; nil when either is missing.
    func holdAndIntent(ofJob jobID: String) async throws -> (JobHoldRecord, PaymentIntent)? {
        try await storage.read { db in
            try PaymentsStore.jobHold(jobID: jobID, db).flatMap { hold in
                try PaymentsStore.intent(id: hold.paymentIntentID, db).map { (hold, $0) }
            }
        }
    }

    /// The hold of intent `intentID` and the intent, read together; nil when either is missing.
    func holdAndIntent(ofIntent intentID: String) async throws -> (JobHoldRecord, PaymentIntent)? {
        try await storage.read { db in
            try PaymentsStore.jobHold(paymentIntentID: intentID, db).flatMap { hold in
                try PaymentsStore.intent(id: hold.paymentIntentID, db).map { (hold, $0) }
            }
        }
    }

    /// The open holds of `customer`'s jobs (what `account.deleted` settles).
    func openHolds(of customer: String) async throws -> [JobHoldRecord] {
        try await storage.read { db in try PaymentsStore.openHolds(customer: customer, db) }
    }

    /// Intents still holding money whose hold lapsed by `now`, oldest first, at most `limit`.
    func lapsedHolds(at now: Int64, limit: Int) async throws -> [PaymentIntent] {
        try await storage.read { db in try PaymentsStore.lapsedHolds(at: now, limit: limit, db) }
    }

    /// Open holds no `job.posted` confirmed, placed at or before `placedBy`, oldest first, at most `limit`.
    func unconfirmedHolds(placedBy: Int64, limit: Int) async throws -> [JobHoldRecord] {
        try await storage.read { db in try PaymentsStore.unconfirmedHolds(placedBy: placedBy, limit: limit, db) }
    }

    /// HoldForJob's write, answered once per `key`: stores `intent` with its `postings` and the job's hold `record`,
    /// and logs the hold to the customer. A job held already is answered as that hold when the provider gave it the
    /// same authorisation (the same hold under another key), and FAILED_PRECONDITION otherwise.
    func placeHold(
        _ intent: PaymentIntent,
        postings: [Posting],
        record: JobHoldRecord,
        estimate estimateWire: Quad_Payments_V1_Quote,
        now: Int64,
        request: Quad_Payments_V1_HoldForJobRequest,
        key: String
    ) async throws -> Quad_Payments_V1_JobHold {
        try await storage.idempotent(scope: Self.holdScope, key: key, request: request) { db in
            if let existing = try PaymentsStore.jobHold(jobID: record.jobID, db) {
                // Placed under another idempotency key: the provider answered the same authorisation, so this is
                // the same hold; anything else is a second hold for one job.
                guard existing.authorizationID == record.authorizationID,
                    let stored = try PaymentsStore.intent(id: existing.paymentIntentID, db)
                else {
                    throw RPCError(
                        code: .failedPrecondition,
                        message: "job_id: job \(record.jobID) has a hold already (intent \(existing.paymentIntentID))"
                    )
                }
                return .with {
                    $0.estimate = estimateWire
                    $0.paymentIntent = PaymentsProtoMapping.intent(stored, jobID: record.jobID, at: now)
                }
            }
            _ = try PaymentsStore.insert(intent, db)
            try PaymentsStore.append(postings, db)
            _ = try PaymentsStore.insert(record, db)
            try Feed.log(
                .held,
                to: intent.customer,
                jobID: record.jobID,
                amount: intent.held,
                reference: intent.id,
                at: now,
                db
            )
            return .with {
                $0.estimate = estimateWire
                $0.paymentIntent = PaymentsProtoMapping.intent(intent, jobID: record.jobID, at: now)
            }
        }
    }

    /// Records that job `jobID`'s hold has its job, so the sweep leaves it alone; nothing when there is no hold.
    func confirmHold(ofJob jobID: String) async throws {
        try await storage.write { db in
            guard var current = try PaymentsStore.jobHold(jobID: jobID, db) else { return }
            current.confirmed = true
            try PaymentsStore.update(current, db)
        }
    }

    /// `job.posted`, applied once: confirms job `jobID`'s hold; one with no hold is logged to `logger` and applied as
    /// nothing.
    func confirmHold(
        ofJob jobID: String,
        receiving delivery: Quad_Types_V1_OutboxDelivery,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard var hold = try PaymentsStore.jobHold(jobID: jobID, db) else {
                logger.warning(
                    "job.posted for a job with no hold; nothing to confirm",
                    metadata: ["job_id": "\(jobID)"]
                )
                return
            }
            hold.confirmed = true
            try PaymentsStore.update(hold, db)
        }
    }

    /// Lets the hold of `intentID` go as it now stands (``letGo(intentID:jobID:voided:now:_:)``); what the sweep does
    /// with a lapsed hold and one no job confirmed.
    @discardableResult
    func letHoldGo(intentID: String, jobID: String, voided: Bool, now: Int64) async throws -> PaymentIntent {
        try await storage.write { db in
            try Self.letGo(intentID: intentID, jobID: jobID, voided: voided, now: now, db)
        }
    }

    /// ReleaseHold's write, answered once per `key`: lets the hold of `intentID` go and answers the intent as it now
    /// stands.
    func releaseHold(
        intentID: String,
        jobID: String,
        voided: Bool,
        now: Int64,
        request: Quad_Payments_V1_ReleaseHoldRequest,
        key: String
    ) async throws -> Quad_Payments_V1_PaymentIntent {
        try await storage.idempotent(scope: Self.releaseScope, key: key, request: request) { db in
            let released = try Self.letGo(intentID: intentID, jobID: jobID, voided: voided, now: now, db)
            return PaymentsProtoMapping.intent(released, jobID: jobID, at: now)
        }
    }

    /// `job.cancelled`, applied once: lets `hold` go and tells jobs `payment.released` in the same write, unless it
    /// was captured meanwhile (then nothing was released and there is nothing to confirm).
    func releaseHold(
        of hold: JobHoldRecord,
        voided: Bool,
        now: Int64,
        receiving delivery: Quad_Types_V1_OutboxDelivery
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            let ended = try Self.letGo(
                intentID: hold.paymentIntentID,
                jobID: hold.jobID,
                voided: voided,
                now: now,
                db
            )
            guard ended.status == .released || ended.status == .expired else {
                // Captured meanwhile: nothing was released, so there is nothing to confirm.
                return
            }
            let released = Quad_Payments_V1_PaymentReleased.with {
                $0.jobID = hold.jobID
                $0.paymentIntentID = ended.id
                $0.released = PaymentsProtoMapping.amount(ended.held)
                $0.atMicros = now
                $0.expired = ended.status == .expired
            }
            try Quad_Payments_V1_Payments.Events.send(
                released,
                key: "\(hold.jobID):\(Quad_Payments_V1_PaymentReleased.topic)",
                into: db.outbox
            )
        }
    }

    /// Inside a write: ends the hold of `intentID` as it now stands: released (its hold `voided` at the provider),
    /// recorded as expired when it lapsed, left alone when it was released, expired or captured already. Logs the
    /// event to the customer and returns the intent.
    private static func letGo(
        intentID: String,
        jobID: String,
        voided: Bool,
        now: Int64,
        _ db: Database
    ) throws -> PaymentIntent {
        guard var intent = try PaymentsStore.intent(id: intentID, db) else {
            throw RPCError(code: .notFound, message: "payment_intent_id: no payment intent \(intentID)")
        }
        guard intent.status == .held else { return intent }
        let action: PaymentIntent.Action
        let kind: Feed.Kind
        if intent.status(at: now) == .expired {
            action = try intent.expire(now: now)
            kind = .expired
        } else {
            // Re-check: the hold was read open before the provider was asked; it must have been voided.
            guard voided else {
                throw RPCError(code: .aborted, message: "the hold of intent \(intentID) changed meanwhile; retry")
            }
            action = try intent.release(now: now)
            kind = .released
        }
        try PaymentsStore.update(intent, db)
        try PaymentsStore.append(action.postings, db)
        try Feed.log(
            kind,
            to: intent.customer,
            jobID: jobID,
            amount: intent.held,
            reference: intent.id,
            at: now,
            db
        )
        return intent
    }
}
