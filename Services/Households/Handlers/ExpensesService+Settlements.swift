import HouseholdsDomain
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// H12: payment requests, cash settlements and in-app payments (pending until payments answers, then completed or
/// failed).
extension ExpensesService {
    /// The longest payment request note.
    static let noteLimit = 500

    /// What one resumption of pending settlements did, by settlement id.
    public struct SettlementResumption: Sendable, Hashable {
        public var completed: [String] = []
        public var failed: [String] = []
        /// Payments did not answer again; still pending.
        public var pending: [String] = []

        public init() {}
    }

    public func requestPayment(
        request: Quad_Households_V1_RequestPaymentRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_PaymentRequest {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.fromUserID, "from_user_id", "member asked to pay")
        let note = request.note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= Self.noteLimit else {
            throw RPCError(code: .invalidArgument, message: "note: at most \(Self.noteLimit) characters")
        }
        let record = PaymentRequestRecord(
            id: newID(),
            householdID: request.householdID,
            fromID: request.fromUserID,
            toID: caller.userID,
            amount: request.amount.money,
            note: note,
            createdAt: clock.micros()
        )
        let stored = try await refusingAsRPC { try await database.requestPayment(record) }
        return ExpensesProtoMapping.paymentRequest(stored)
    }

    public func listPaymentRequests(
        request: Quad_Households_V1_ListPaymentRequestsRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListPaymentRequestsResponse {
        let caller = try context.requireCaller()
        let requests = try await refusingAsRPC {
            try await database.paymentRequests(of: request.householdID, for: caller.userID)
        }
        return .with { $0.requests = requests.map(ExpensesProtoMapping.paymentRequest) }
    }

    public func recordCashSettlement(
        request: Quad_Households_V1_RecordCashSettlementRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Settlement {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(request.fromUserID, "from_user_id", "member who paid you")
        let record = SettlementRecord(
            id: newID(),
            householdID: request.householdID,
            fromID: request.fromUserID,
            toID: caller.userID,
            amount: request.amount.money,
            method: .cash,
            state: .completed,
            recordedBy: caller.userID,
            createdAt: clock.micros(),
            requestID: request.requestID.isEmpty ? nil : request.requestID
        )
        let stored = try await refusingAsRPC { try await database.recordCash(record) }
        return ExpensesProtoMapping.settlement(stored)
    }

    public func payInApp(
        request: Quad_Households_V1_PayInAppRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Settlement {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        try HouseholdsInput.requireID(request.toUserID, "to_user_id", "member you pay")
        try HouseholdsInput.requireID(request.paymentMethodID, "payment_method_id", "card you pay with")
        let amount = request.amount.money
        var record = SettlementRecord(
            id: newID(),
            householdID: request.householdID,
            fromID: caller.userID,
            toID: request.toUserID,
            amount: amount,
            method: .inApp,
            state: .pending,
            recordedBy: caller.userID,
            createdAt: clock.micros(),
            requestID: request.requestID.isEmpty ? nil : request.requestID
        )
        record.paymentMethodID = request.paymentMethodID
        record.idempotencyKey = key
        // The request as one canonical line: the same key with another line is another payment.
        record.requestHash = [
            request.householdID, request.toUserID, "\(amount.minorUnits)", amount.currency, request.paymentMethodID,
            request.requestID,
        ].joined(separator: "\u{1F}")
        let settlement = try await refusingAsRPC { try await database.beginInApp(record) }
        guard settlement.state == .pending else { return ExpensesProtoMapping.settlement(settlement) }
        let outcome = try await settle(settlement)
        guard outcome.state != .pending else {
            throw RPCError(
                code: .unavailable,
                message: "payments did not answer; settlement \(settlement.id) is pending and counts nowhere yet: "
                    + "retry with the same idempotency-key (households also retries it)"
            )
        }
        return ExpensesProtoMapping.settlement(outcome)
    }

    public func listSettlements(
        request: Quad_Households_V1_ListSettlementsRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListSettlementsResponse {
        let caller = try context.requireCaller()
        let limit = try PageLimit.resolve(request.limit, default: 50, maximum: 200, of: "settlements")
        let cursor = try Self.cursor(request.pageToken)
        var page = try await refusingAsRPC {
            try await database.settlements(
                of: request.householdID,
                for: caller.userID,
                after: cursor.map { (createdAt: $0.position, id: $0.key) },
                limit: limit
            )
        }
        let next = page.count > limit ? page[limit - 1] : nil
        page = Array(page.prefix(limit))
        return .with {
            $0.settlements = page.map(ExpensesProtoMapping.settlement)
            $0.nextPageToken = next.map { PageToken.make($0.createdAt, $0.id) } ?? ""
        }
    }

    /// Asks payments again about every pending in-app settlement (at start, so a households killed between storing
    /// one and payments' answer converges): each is completed or failed, or stays pending when payments still does
    /// not answer.
    @discardableResult
    public func resumePendingSettlements() async -> SettlementResumption {
        var resumption = SettlementResumption()
        let pending: [SettlementRecord]
        do {
            pending = try await database.pendingSettlements()
        } catch {
            logger.error("pending settlements could not be read", metadata: ["error": "\(error)"])
            return resumption
        }
        for settlement in pending {
            do {
                let outcome = try await settle(settlement)
                switch outcome.state {
                case .completed: resumption.completed.append(settlement.id)
                case .failed: resumption.failed.append(settlement.id)
                case .pending: resumption.pending.append(settlement.id)
                }
            } catch {
                logger.error(
                    "a pending settlement could not be resumed",
                    metadata: ["settlement_id": "\(settlement.id)", "error": "\(error)"]
                )
                resumption.pending.append(settlement.id)
            }
        }
        return resumption
    }

    /// Asks payments to move pending `settlement`'s money (idempotent on its id) and records the answer: completed
    /// (in the balances), failed (a refusal, its message kept), or still pending when payments did not answer.
    func settle(_ settlement: SettlementRecord) async throws -> SettlementRecord {
        let transfer: SettlementTransfer
        do {
            transfer = try await payments.transfer(
                from: settlement.fromID,
                to: settlement.toID,
                amount: settlement.amount,
                paymentMethodID: settlement.paymentMethodID ?? "",
                householdID: settlement.householdID,
                settlementID: settlement.id
            )
        } catch let error as RPCError where !Self.unanswered.contains(error.code.name) {
            return try await refusingAsRPC {
                try await database.failInApp(settlement.id, failure: error.message, at: clock.micros())
            }
        } catch {
            logger.warning(
                "payments did not answer for a settlement; it stays pending",
                metadata: ["settlement_id": "\(settlement.id)", "error": "\(error)"]
            )
            return settlement
        }
        return try await refusingAsRPC {
            try await database.completeInApp(settlement.id, transferID: transfer.transferID, at: clock.micros())
        }
    }

    /// Codes that say payments did not decide: the same settlement is asked again.
    static let unanswered: Set<String> = [
        "UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "ABORTED", "RESOURCE_EXHAUSTED", "INTERNAL", "UNKNOWN",
    ]
}
