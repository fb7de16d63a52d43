public import GRDB
import PaymentsDomain

/// The links between laundry jobs and their intents.
extension PaymentsStore {
    /// Stores a new hold's record. Returns false when the job has one already.
    public static func insert(_ hold: LaundryHoldRecord, _ db: Database) throws -> Bool {
        guard try laundryHold(jobID: hold.jobID, db) == nil else { return false }
        try db.cachedStatement(
            sql: """
                INSERT INTO laundry_hold (job_id, payment_intent_id, customer_id, dorm_id, payment_method_id,
                    payment_method_token, authorization_id, estimate_loads, estimate_add_ons, washer_minor, dryer_minor,
                    currency, estimate_total_minor, confirmed, dasher_id, capture_receipt_id, charge_receipt_id, placed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                hold.jobID, hold.paymentIntentID, hold.customerID, hold.dormID, hold.paymentMethodID,
                hold.paymentMethodToken, hold.authorizationID, hold.estimateLoads, addOnsText(hold.estimateAddOns),
                hold.washerPrice.minorUnits, hold.dryerPrice.minorUnits, hold.estimateTotal.currency,
                hold.estimateTotal.minorUnits, hold.confirmed, hold.dasherID, hold.captureReceiptID,
                hold.chargeReceiptID, hold.placedAt,
            ]
        )
        return true
    }

    /// Stores what changes on a hold's record after it was placed: the confirmation, the dasher and the receipts.
    public static func update(_ hold: LaundryHoldRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE laundry_hold SET confirmed = ?, dasher_id = ?, capture_receipt_id = ?, charge_receipt_id = ?
                WHERE job_id = ?
                """
        ).execute(
            arguments: [hold.confirmed, hold.dasherID, hold.captureReceiptID, hold.chargeReceiptID, hold.jobID]
        )
    }

    /// The hold record of `jobID`, or nil.
    public static func laundryHold(jobID: String, _ db: Database) throws -> LaundryHoldRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM laundry_hold WHERE job_id = ?"), arguments: [jobID])
            .map(laundryHold)
    }

    /// The hold record of the intent `paymentIntentID`, or nil.
    public static func laundryHold(paymentIntentID: String, _ db: Database) throws -> LaundryHoldRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM laundry_hold WHERE payment_intent_id = ?"),
            arguments: [paymentIntentID]
        ).map(laundryHold)
    }

    /// Holds still open that no `job.posted` confirmed and that were placed at or before `placedBy`, oldest first:
    /// what the sweep asks jobs about.
    public static func unconfirmedHolds(placedBy: Int64, limit: Int, _ db: Database) throws -> [LaundryHoldRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT h.* FROM laundry_hold h JOIN payment_intent i ON i.id = h.payment_intent_id
                    WHERE h.confirmed = 0 AND h.placed_at <= ? AND i.status = 'held'
                    ORDER BY h.placed_at LIMIT ?
                    """
            ),
            arguments: [placedBy, limit]
        ).map(laundryHold)
    }

    private static func laundryHold(_ row: Row) -> LaundryHoldRecord {
        let currency: String = row["currency"]
        let addOns = (row["estimate_add_ons"] as String).split(separator: ",").compactMap { LaundryAddOn(rawValue: String($0)) }
        return LaundryHoldRecord(
            jobID: row["job_id"],
            paymentIntentID: row["payment_intent_id"],
            customerID: row["customer_id"],
            dormID: row["dorm_id"],
            paymentMethodID: row["payment_method_id"],
            paymentMethodToken: row["payment_method_token"],
            authorizationID: row["authorization_id"],
            estimateLoads: row["estimate_loads"],
            estimateAddOns: Set(addOns),
            washerPrice: Money(minorUnits: row["washer_minor"], currency: currency),
            dryerPrice: Money(minorUnits: row["dryer_minor"], currency: currency),
            estimateTotal: Money(minorUnits: row["estimate_total_minor"], currency: currency),
            confirmed: row["confirmed"],
            dasherID: row["dasher_id"],
            captureReceiptID: row["capture_receipt_id"],
            chargeReceiptID: row["charge_receipt_id"],
            placedAt: row["placed_at"]
        )
    }

    /// `folding,ironing`: the add-ons' raw values in their order.
    private static func addOnsText(_ addOns: Set<LaundryAddOn>) -> String {
        addOns.sorted().map(\.rawValue).joined(separator: ",")
    }
}
