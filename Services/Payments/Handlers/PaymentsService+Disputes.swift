import PaymentsDomain
import PaymentsProviders
import PaymentsStore
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P5, L13: the money side of a job's dispute.
extension PaymentsService {
    /// `dispute.opened`: opens the dispute with the claim's id, due ``PaymentsDomain/DisputeConfiguration`` later.
    /// A claim payments cannot open (the payment was never captured, everything was refunded, the claim breaks
    /// the dispute's limits) is logged and applied as nothing rather than holding back jobs' later deliveries.
    public func disputeOpened(
        _ opened: Quad_Jobs_V1_DisputeOpened,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let claim = opened.claim
        try Self.require(opened.jobID, "job_id", "the disputed job")
        try Self.require(claim.disputeID, "claim.dispute_id", "the dispute's id, chosen by jobs")
        guard let reason = PaymentsProtoMapping.disputeReason(claim.reason) else {
            throw RPCError(code: .invalidArgument, message: "claim.reason: name why the job is disputed")
        }
        let logger = context.logger
        let now = nowMicros
        let configuration = configuration.dispute
        return try await refusingAsRPC {
            try await database.openDispute(
                id: claim.disputeID,
                jobID: opened.jobID,
                reason: reason,
                description: claim.description_p,
                evidenceDocumentIDs: claim.evidenceDocumentIds,
                now: now,
                configuration: configuration,
                receiving: delivery,
                logger: logger
            )
        }
    }

    /// A dispute: to its customer, or to a service or an operator (no user). Anyone else is told there is none.
    public func getDispute(
        request: Quad_Payments_V1_GetDisputeRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_Dispute {
        let caller = context.caller
        if caller == nil {
            switch context.peerName {
            case .service, .client: break
            case .unknown: _ = try context.requireCaller()
            }
        }
        try Self.require(request.disputeID, "dispute_id", "the dispute to show")
        let (id, configuration) = (request.disputeID, configuration.dispute)
        let record = try await refusingAsRPC {
            try await database.dispute(id: id, configuration: configuration)
        }
        guard let record, caller == nil || caller?.userID == record.customerID else {
            throw RPCError(code: .notFound, message: "dispute_id: no dispute \(id) of yours")
        }
        return PaymentsProtoMapping.dispute(record, currency: currency)
    }

    /// Operators (service_only): decides a dispute. REFUND_ALL refunds what is still refundable, REFUND_PART the
    /// `refund` (above zero, below what was captured less what was refunded), REFUND_NOTHING nothing. The provider
    /// refunds the stored capture first, then the charge above the hold (keys `<dispute>:refund:capture` and
    /// `:charge`); the intent, postings, dispute, `dispute.resolved` to jobs and the customer's event commit
    /// together afterwards. Needs `idempotency-key`.
    public func resolveDispute(
        request: Quad_Payments_V1_ResolveDisputeRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_Dispute {
        let key = try context.requireIdempotencyKey()
        if let stored = try await database.storedResolution(key: key, request: request) {
            return stored
        }
        try Self.require(request.disputeID, "dispute_id", "the dispute to resolve")
        let (id, configuration) = (request.disputeID, configuration.dispute)
        let intentID = try await refusingAsRPC {
            try await database.dispute(id: id, configuration: configuration)?.dispute.paymentIntentID
        }
        guard let intentID else { throw RPCError(code: .notFound, message: "dispute_id: no dispute \(id)") }
        // One resolution of a payment at a time: what is refundable is read, refunded and posted without another
        // refund of the same payment in between.
        return try await gate.withKey("intent:\(intentID)") {
            if let stored = try await self.database.storedResolution(key: key, request: request) {
                return stored
            }
            return try await self.resolve(request, key: key)
        }
    }

    /// ResolveDispute once its payment is this call's alone.
    private func resolve(
        _ request: Quad_Payments_V1_ResolveDisputeRequest,
        key: String
    ) async throws -> Quad_Payments_V1_Dispute {
        let (id, configuration) = (request.disputeID, configuration.dispute)
        let found = try await refusingAsRPC {
            try await database.disputeWithPayment(id: id, configuration: configuration)
        }
        guard let found else { throw RPCError(code: .notFound, message: "dispute_id: no dispute \(id)") }
        var (record, intent) = (found.0, found.1)
        let hold = found.2
        let (outcome, recorded) = try Self.outcome(of: request, refundable: intent.refundable)
        let now = nowMicros
        let before = intent
        let action = try refusingAsRPC { try record.dispute.resolve(outcome, paymentIntent: &intent, now: now) }
        var postings: [Posting] = []
        if case .refund(let refund) = action, case .refund(let amount) = refund.providerCall {
            try await refundAtProvider(amount, of: before, hold: hold, disputeID: id)
            postings = refund.postings
        }
        record.outcome = recorded
        record.note = request.note
        let refunded: Money =
            if case .closed(.refunded(let amount), _) = record.dispute.status { amount } else { .zero(intent.currency) }
        let resolved = Quad_Payments_V1_DisputeResolved.with {
            $0.disputeID = id
            $0.jobID = record.jobID
            $0.outcome = request.outcome
            $0.refunded = PaymentsProtoMapping.amount(refunded)
            $0.atMicros = now
        }
        return try await refusingAsRPC {
            try await database.recordResolution(
                record,
                payment: intent,
                before: before,
                postings: postings,
                resolved: resolved,
                refunded: refunded,
                now: now,
                configuration: configuration,
                currency: currency,
                request: request,
                key: key
            )
        }
    }

    /// The domain's outcome of `request` and how to record it. INVALID_ARGUMENT naming `outcome` or `refund` when
    /// it is none or a partial refund is not above zero; FAILED_PRECONDITION naming `refund` and the range when it
    /// is not below `refundable` (a refund of everything is REFUND_ALL).
    static func outcome(
        of request: Quad_Payments_V1_ResolveDisputeRequest,
        refundable: Money
    ) throws -> (Dispute.Outcome, DisputeRecord.Outcome) {
        switch request.outcome {
        case .refundAll:
            return (.refundAll, .refundAll)
        case .refundNothing:
            return (.noRefund, .refundNothing)
        case .refundPart:
            let refund = PaymentsProtoMapping.money(request.refund)
            guard request.hasRefund, refund.isPositive else {
                throw RPCError(code: .invalidArgument, message: "refund: REFUND_PART needs an amount above zero")
            }
            guard refund.currency == refundable.currency else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "refund: \(refund) is not in \(refundable.currency), the payment's currency"
                )
            }
            // payments.proto: more than zero, less than what is still refundable; all of it is REFUND_ALL.
            guard refund.minorUnits < refundable.minorUnits else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "refund: REFUND_PART takes more than 0 and less than the \(refundable.formatted) still "
                        + "refundable (captured less refunded), not \(refund.formatted); to refund all of it, use REFUND_ALL"
                )
            }
            return (.refundPart(refund), .refundPart)
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(code: .invalidArgument, message: "outcome: choose REFUND_ALL, REFUND_PART or REFUND_NOTHING")
        }
    }

    /// Refunds `amount` of `intent` (as it was before this refund) at the provider: from the capture's receipt
    /// first, then from the charge above the hold, each up to what it still has unrefunded.
    private func refundAtProvider(_ amount: Money, of intent: PaymentIntent, hold: JobHoldRecord, disputeID: String)
        async throws
    {
        // Earlier refunds came out of the capture first, so that is where the capture's remainder stands.
        let captureLeft = max(0, intent.captured.minorUnits - intent.refunded.minorUnits)
        let fromCapture = min(amount.minorUnits, captureLeft)
        let fromCharge = amount.minorUnits - fromCapture
        let parts = [
            (receipt: hold.captureReceiptID, minor: fromCapture, suffix: "capture"),
            (receipt: hold.chargeReceiptID, minor: fromCharge, suffix: "charge"),
        ]
        for part in parts where part.minor > 0 {
            guard let receipt = part.receipt else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "the \(part.suffix) of job \(hold.jobID) has no provider receipt to refund"
                )
            }
            do {
                _ = try await provider.refund(
                    Money(minorUnits: part.minor, currency: amount.currency),
                    of: receipt,
                    idempotencyKey: "\(disputeID):refund:\(part.suffix)"
                )
            } catch {
                throw error.rpcError(declined: "the refund was declined")
            }
        }
    }
}
