public import GRDB
import PaymentsDomain

/// The links between jobs of every product and their intents.
extension PaymentsStore {
    /// Stores a new hold's record. Returns false when the job has one already.
    public static func insert(_ hold: JobHoldRecord, _ db: Database) throws -> Bool {
        guard try jobHold(jobID: hold.jobID, db) == nil else { return false }
        try db.cachedStatement(
            sql: """
                INSERT INTO job_hold (job_id, product, payment_intent_id, customer_id, zone_id, payment_method_id,
                    payment_method_token, authorization_id, estimate_items, zone_prices, currency,
                    estimate_total_minor, confirmed, worker_id, capture_receipt_id, charge_receipt_id, placed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                hold.jobID, hold.product, hold.paymentIntentID, hold.customerID, hold.zoneID, hold.paymentMethodID,
                hold.paymentMethodToken, hold.authorizationID, itemsText(hold.estimateItems),
                pricesText(hold.zonePrices), hold.estimateTotal.currency, hold.estimateTotal.minorUnits,
                hold.confirmed, hold.workerID, hold.captureReceiptID, hold.chargeReceiptID, hold.placedAt,
            ]
        )
        return true
    }

    /// Stores what changes on a hold's record after it was placed: the confirmation, the worker and the receipts.
    public static func update(_ hold: JobHoldRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE job_hold SET confirmed = ?, worker_id = ?, capture_receipt_id = ?, charge_receipt_id = ?
                WHERE job_id = ?
                """
        ).execute(
            arguments: [hold.confirmed, hold.workerID, hold.captureReceiptID, hold.chargeReceiptID, hold.jobID]
        )
    }

    /// The hold record of `jobID`, or nil.
    public static func jobHold(jobID: String, _ db: Database) throws -> JobHoldRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM job_hold WHERE job_id = ?"), arguments: [jobID])
            .map(jobHold)
    }

    /// The hold record of the intent `paymentIntentID`, or nil.
    public static func jobHold(paymentIntentID: String, _ db: Database) throws -> JobHoldRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM job_hold WHERE payment_intent_id = ?"),
            arguments: [paymentIntentID]
        ).map(jobHold)
    }

    /// Holds still open that no `job.posted` confirmed and that were placed at or before `placedBy`, oldest first:
    /// what the sweep asks jobs about.
    public static func unconfirmedHolds(placedBy: Int64, limit: Int, _ db: Database) throws -> [JobHoldRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT h.* FROM job_hold h JOIN payment_intent i ON i.id = h.payment_intent_id
                    WHERE h.confirmed = 0 AND h.placed_at <= ? AND i.status = 'held'
                    ORDER BY h.placed_at LIMIT ?
                    """
            ),
            arguments: [placedBy, limit]
        ).map(jobHold)
    }

    static func jobHold(_ row: Row) throws -> JobHoldRecord {
        let currency: String = row["currency"]
        let jobID: String = row["job_id"]
        return JobHoldRecord(
            jobID: jobID,
            product: row["product"],
            paymentIntentID: row["payment_intent_id"],
            customerID: row["customer_id"],
            zoneID: row["zone_id"],
            paymentMethodID: row["payment_method_id"],
            paymentMethodToken: row["payment_method_token"],
            authorizationID: row["authorization_id"],
            estimateItems: try items(row["estimate_items"], currency: currency, jobID: jobID),
            zonePrices: try prices(row["zone_prices"], currency: currency, jobID: jobID),
            estimateTotal: Money(minorUnits: row["estimate_total_minor"], currency: currency),
            confirmed: row["confirmed"],
            workerID: row["worker_id"],
            captureReceiptID: row["capture_receipt_id"],
            chargeReceiptID: row["charge_receipt_id"],
            placedAt: row["placed_at"]
        )
    }

    /// `loads:2,folding:1,machines:3:1125`: each item's code, quantity and, when it has one, amount in minor units.
    /// Codes are `a-z 0-9 _ .` (``PaymentsDomain/QuoteItem/validate(field:)``), so `:` and `,` never occur in them.
    static func itemsText(_ items: [QuoteItem]) -> String {
        items.map { item in
            item.amount.map { "\(item.code):\(item.quantity):\($0.minorUnits)" } ?? "\(item.code):\(item.quantity)"
        }.joined(separator: ",")
    }

    /// `washer:175,dryer:150`, sorted by code so the text is the same for the same prices.
    static func pricesText(_ prices: [String: Money]) -> String {
        prices.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.minorUnits)" }.joined(separator: ",")
    }

    private static func items(_ text: String, currency: String, jobID: String) throws -> [QuoteItem] {
        try text.split(separator: ",").map { part in
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(fields.count), let quantity = Int(fields[1]) else {
                throw DatabaseError(message: "job_hold \(jobID) has an unreadable estimate item '\(part)'")
            }
            var amount: Money?
            if fields.count == 3 {
                guard let minor = Int64(fields[2]) else {
                    throw DatabaseError(message: "job_hold \(jobID) has an unreadable estimate item '\(part)'")
                }
                amount = Money(minorUnits: minor, currency: currency)
            }
            return QuoteItem(code: String(fields[0]), quantity: quantity, amount: amount)
        }
    }

    private static func prices(_ text: String, currency: String, jobID: String) throws -> [String: Money] {
        var prices: [String: Money] = [:]
        for part in text.split(separator: ",") {
            let fields = part.split(separator: ":")
            guard fields.count == 2, let minor = Int64(fields[1]) else {
                throw DatabaseError(message: "job_hold \(jobID) has an unreadable zone price '\(part)'")
            }
            prices[String(fields[0])] = Money(minorUnits: minor, currency: currency)
        }
        return prices
    }
}
