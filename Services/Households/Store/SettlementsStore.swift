import GRDB

/// Payment requests and settlements: their rows, on cached statements.
enum SettlementsStore {
    // MARK: Payment requests

    static func insert(_ request: PaymentRequestRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO payment_request (id, household_id, from_id, to_id, amount, currency, note, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            request.id, request.householdID, request.fromID, request.toID, request.amount.minorUnits,
            request.amount.currency, request.note, request.createdAt,
        ])
    }

    static func request(id: String, _ db: Database) throws -> PaymentRequestRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM payment_request WHERE id = ?"), arguments: [id])
            .map(PaymentRequestRecord.init(row:))
    }

    /// `household`'s unpaid requests to or from `user`, newest first.
    static func unpaidRequests(of household: String, involving user: String, _ db: Database) throws
        -> [PaymentRequestRecord]
    {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM payment_request
                    WHERE household_id = ? AND settlement_id IS NULL AND (from_id = ? OR to_id = ?)
                    ORDER BY created_at DESC, id DESC
                    """
            ),
            arguments: [household, user, user]
        ).map(PaymentRequestRecord.init(row:))
    }

    static func markPaid(_ request: String, by settlement: String, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE payment_request SET settlement_id = ? WHERE id = ?")
            .execute(arguments: [settlement, request])
    }

    // MARK: Settlements

    static func insert(_ settlement: SettlementRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO settlement (id, household_id, from_id, to_id, amount, currency, method, state,
                    payment_method_id, idempotency_key, request_hash, transfer_id, failure, recorded_by, created_at,
                    request_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            settlement.id, settlement.householdID, settlement.fromID, settlement.toID, settlement.amount.minorUnits,
            settlement.amount.currency, settlement.method.rawValue, settlement.state.rawValue,
            settlement.paymentMethodID, settlement.idempotencyKey, settlement.requestHash, settlement.transferID,
            settlement.failure, settlement.recordedBy, settlement.createdAt, settlement.requestID,
        ])
    }

    /// Writes the outcome of an in-app settlement: its state, transfer and failure.
    static func finish(_ settlement: SettlementRecord, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE settlement SET state = ?, transfer_id = ?, failure = ? WHERE id = ?")
            .execute(arguments: [
                settlement.state.rawValue, settlement.transferID, settlement.failure, settlement.id,
            ])
    }

    static func settlement(id: String, _ db: Database) throws -> SettlementRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM settlement WHERE id = ?"), arguments: [id])
            .map(SettlementRecord.init(row:))
    }

    /// The settlement `user` started with idempotency key `key`.
    static func settlement(recordedBy user: String, key: String, _ db: Database) throws -> SettlementRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM settlement WHERE recorded_by = ? AND idempotency_key = ?"),
            arguments: [user, key]
        ).map(SettlementRecord.init(row:))
    }

    /// Every in-app settlement still waiting for payments' answer, oldest first.
    static func pending(_ db: Database) throws -> [SettlementRecord] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM settlement WHERE state = 'pending' ORDER BY created_at, id")
        ).map(SettlementRecord.init(row:))
    }

    /// A page of `household`'s settlements, newest first, after (`createdAt`, `id`) when given.
    static func settlements(
        of household: String,
        after cursor: (createdAt: Int64, id: String)?,
        limit: Int,
        _ db: Database
    ) throws -> [SettlementRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM settlement
                    WHERE household_id = ? AND (? IS NULL OR (created_at, id) < (?, ?))
                    ORDER BY created_at DESC, id DESC LIMIT ?
                    """
            ),
            arguments: [household, cursor?.createdAt, cursor?.createdAt, cursor?.id, limit]
        ).map(SettlementRecord.init(row:))
    }
}
