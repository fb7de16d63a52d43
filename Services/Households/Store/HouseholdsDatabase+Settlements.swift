import GRDB
import HouseholdsDomain
import QuadKernel

/// H12: payment requests and settlements. A completed settlement changes the balances in its own transaction; an
/// in-app one is stored pending first (keyed by its payer's idempotency key), then completed or failed once payments
/// answers, so a households killed in between finds it and asks payments again with the same settlement id.
extension HouseholdsDatabase {
    /// H12: `request.toID` (the caller) asks `request.fromID`, a current member, to pay them.
    func requestPayment(_ request: PaymentRequestRecord) async throws -> PaymentRequestRecord {
        try await storage.write { db in
            let access = try HouseholdAccess.require(request.toID, in: request.householdID, db)
            try Self.requireParties(request.fromID, field: "from_user_id", amount: request.amount, access, db)
            try SettlementsStore.insert(request, db)
            var event = HouseholdsFeed.event(
                .paymentRequested,
                access.household,
                by: request.toID,
                at: request.createdAt
            )
            event.paymentRequest = ExpensesProtoMapping.paymentRequest(request)
            try HouseholdsFeed.changed(event, in: request.householdID, at: request.createdAt, db)
            return request
        }
    }

    /// `household`'s unpaid requests to or from `user`, newest first.
    func paymentRequests(of household: String, for user: String) async throws -> [PaymentRequestRecord] {
        try await storage.read { db in
            _ = try HouseholdAccess.require(user, in: household, db)
            return try SettlementsStore.unpaidRequests(of: household, involving: user, db)
        }
    }

    /// H12: the payee (`settlement.recordedBy`, its `toID`) records cash received: completed at once, counted in the
    /// balances, and the request it answers (if any) paid.
    func recordCash(_ settlement: SettlementRecord) async throws -> SettlementRecord {
        try await storage.write { db in
            let access = try HouseholdAccess.require(settlement.recordedBy, in: settlement.householdID, db)
            try Self.requireParties(settlement.fromID, field: "from_user_id", amount: settlement.amount, access, db)
            try Self.requireOpenRequest(settlement, db)
            try SettlementsStore.insert(settlement, db)
            try Self.complete(settlement, in: access.household, db)
            return settlement
        }
    }

    /// H12, P6: the pending in-app settlement of `settlement.recordedBy` (its payer) under its idempotency key: a
    /// new one stored as asked, or the one the same request stored before (in whatever state it is now); another
    /// request under the same key is FAILED_PRECONDITION.
    func beginInApp(_ settlement: SettlementRecord) async throws -> SettlementRecord {
        try await storage.write { db in
            let access = try HouseholdAccess.require(settlement.recordedBy, in: settlement.householdID, db)
            if let key = settlement.idempotencyKey,
                let earlier = try SettlementsStore.settlement(recordedBy: settlement.recordedBy, key: key, db)
            {
                guard earlier.requestHash == settlement.requestHash else {
                    throw HouseholdsError(
                        code: .failedPrecondition,
                        message: "idempotency-key: \(key) was used for another payment; send a new key for a new "
                            + "payment, and the same request to repeat one"
                    )
                }
                return earlier
            }
            try Self.requireParties(settlement.toID, field: "to_user_id", amount: settlement.amount, access, db)
            try Self.requireOpenRequest(settlement, db)
            try SettlementsStore.insert(settlement, db)
            return settlement
        }
    }

    /// Payments moved the money of pending settlement `id` as `transferID`: completed and counted in the balances.
    /// A settlement no longer pending (another retry finished it) is returned as it is.
    func completeInApp(_ id: String, transferID: String, at now: Int64) async throws -> SettlementRecord {
        try await storage.write { db in
            guard var settlement = try SettlementsStore.settlement(id: id, db) else {
                throw HouseholdsError.unknown("settlement", id, field: "settlement_id")
            }
            guard settlement.state == .pending else { return settlement }
            settlement.state = .completed
            settlement.transferID = transferID
            try SettlementsStore.finish(settlement, db)
            guard let household = try Self.anyHousehold(id: settlement.householdID, db) else { return settlement }
            try Self.complete(settlement, in: household, at: now, db)
            return settlement
        }
    }

    /// Payments refused pending settlement `id` (a declined card): failed, `failure` kept; the balances unchanged.
    func failInApp(_ id: String, failure: String, at now: Int64) async throws -> SettlementRecord {
        try await storage.write { db in
            guard var settlement = try SettlementsStore.settlement(id: id, db) else {
                throw HouseholdsError.unknown("settlement", id, field: "settlement_id")
            }
            guard settlement.state == .pending else { return settlement }
            settlement.state = .failed
            settlement.failure = failure
            try SettlementsStore.finish(settlement, db)
            if let household = try Self.anyHousehold(id: settlement.householdID, db) {
                var event = HouseholdsFeed.event(.settled, household, by: settlement.recordedBy, at: now)
                event.settlement = ExpensesProtoMapping.settlement(settlement)
                try HouseholdsFeed.changed(event, in: household.id, also: [settlement.recordedBy], at: now, db)
            }
            return settlement
        }
    }

    /// Every in-app settlement still pending, oldest first.
    func pendingSettlements() async throws -> [SettlementRecord] {
        try await storage.read { db in try SettlementsStore.pending(db) }
    }

    /// A page of `household`'s settlements (and one more), newest first.
    func settlements(
        of household: String,
        for user: String,
        after cursor: (createdAt: Int64, id: String)?,
        limit: Int
    ) async throws -> [SettlementRecord] {
        try await storage.read { db in
            _ = try HouseholdAccess.require(user, in: household, db)
            return try SettlementsStore.settlements(of: household, after: cursor, limit: limit + 1, db)
        }
    }

    // MARK: Helpers

    /// The household's row even when dismissed: money that moved is counted where it belongs.
    private static func anyHousehold(id: String, _ db: Database) throws -> HouseholdRecord? {
        try Row.fetchOne(db, sql: "SELECT * FROM household WHERE id = ?", arguments: [id]).map(
            HouseholdRecord.init(row:)
        )
    }

    /// A completed settlement: the balances, the request it answers, the members' feeds.
    private static func complete(
        _ settlement: SettlementRecord,
        in household: HouseholdRecord,
        at now: Int64? = nil,
        _ db: Database
    ) throws {
        let now = now ?? settlement.createdAt
        let domain = try Settlement(
            from: settlement.fromID,
            to: settlement.toID,
            amount: settlement.amount,
            currency: household.currency
        )
        try BalanceStore.apply([.settle(domain)], to: household.id, currency: household.currency, db)
        if let request = settlement.requestID { try SettlementsStore.markPaid(request, by: settlement.id, db) }
        var event = HouseholdsFeed.event(.settled, household, by: settlement.recordedBy, at: now)
        event.settlement = ExpensesProtoMapping.settlement(settlement)
        try HouseholdsFeed.changed(event, in: household.id, at: now, db)
    }

    /// The caller (`access`'s member) and `counterpart`, another current member named by `field`, exchange a
    /// positive amount in the household's currency.
    private static func requireParties(
        _ counterpart: String,
        field: String,
        amount: Money,
        _ access: HouseholdAccess,
        _ db: Database
    ) throws {
        let currency = access.household.currency
        guard amount.currency == currency else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "amount.currency: the household keeps its accounts in \(currency), not \(amount.currency)",
                field: "amount.currency"
            )
        }
        guard amount.isPositive else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "amount: a payment is above zero (got \(amount))",
                field: "amount"
            )
        }
        guard counterpart != access.member.userID else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "\(field): name another member; nobody pays themselves",
                field: field
            )
        }
        try access.requireMember(counterpart, field: field, db)
    }

    /// The request a settlement answers is this household's, between the same two members, and not paid yet.
    private static func requireOpenRequest(_ settlement: SettlementRecord, _ db: Database) throws {
        guard let id = settlement.requestID else { return }
        guard let request = try SettlementsStore.request(id: id, db), request.householdID == settlement.householdID
        else { throw HouseholdsError.unknown("payment request", id, field: "request_id") }
        guard request.fromID == settlement.fromID, request.toID == settlement.toID else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "request_id: request \(id) asks \(request.fromID) to pay \(request.toID), not this payment's "
                    + "members",
                field: "request_id"
            )
        }
        guard request.settlementID == nil else {
            throw HouseholdsError(
                code: .failedPrecondition,
                message: "request_id: request \(id) is paid already (settlement \(request.settlementID ?? ""))",
                field: "request_id"
            )
        }
    }
}
