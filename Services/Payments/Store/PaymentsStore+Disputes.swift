import Foundation
public import GRDB
public import PaymentsDomain

/// Disputes (P5).
extension PaymentsStore {
    /// Stores a new dispute. Returns false when one with its id exists.
    public static func insert(_ record: DisputeRecord, _ db: Database) throws -> Bool {
        guard try dispute(id: record.dispute.id, db) == nil else { return false }
        let dispute = record.dispute
        let (status, refunded, closedAt) = columns(dispute.status)
        try db.cachedStatement(
            sql: """
                INSERT INTO dispute (id, job_id, payment_intent_id, customer_id, reason, description,
                    evidence_document_ids, opened_at, deadline, status, outcome, refunded_minor, closed_at, note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                dispute.id, record.jobID, dispute.paymentIntentID, record.customerID, dispute.reason.rawValue,
                dispute.description, try evidenceText(dispute.evidenceDocumentIDs), dispute.openedAt, dispute.deadline,
                status, record.outcome?.rawValue ?? "", refunded, closedAt, record.note,
            ]
        )
        return true
    }

    /// Stores a dispute's new state (its resolution and the note).
    public static func update(_ record: DisputeRecord, _ db: Database) throws {
        let (status, refunded, closedAt) = columns(record.dispute.status)
        try db.cachedStatement(
            sql: "UPDATE dispute SET status = ?, outcome = ?, refunded_minor = ?, closed_at = ?, note = ? WHERE id = ?"
        ).execute(
            arguments: [status, record.outcome?.rawValue ?? "", refunded, closedAt, record.note, record.dispute.id]
        )
    }

    /// The dispute with `id`, or nil.
    ///
    /// - Throws: the domain's `PaymentsError` when the stored row contradicts itself.
    public static func dispute(
        id: String,
        configuration: DisputeConfiguration = .defaults,
        _ db: Database
    ) throws -> DisputeRecord? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT d.*, i.currency AS intent_currency FROM dispute d
                        JOIN payment_intent i ON i.id = d.payment_intent_id WHERE d.id = ?
                        """
                ),
                arguments: [id]
            )
        else { return nil }
        let disputeID: String = row["id"]
        guard let reason = Dispute.Reason(rawValue: row["reason"]) else {
            throw DatabaseError(message: "dispute \(disputeID) has an unknown reason '\(row["reason"] as String)'")
        }
        let closedAt: Int64? = row["closed_at"]
        let status: Dispute.Status
        switch (row["status"] as String, closedAt) {
        case ("open", _):
            status = .open
        case ("refunded", let at?):
            status = .closed(
                .refunded(Money(minorUnits: row["refunded_minor"], currency: row["intent_currency"])),
                at: at
            )
        case ("no_refund", let at?):
            status = .closed(.noRefund, at: at)
        case ("expired", let at?):
            status = .closed(.expired, at: at)
        default:
            throw DatabaseError(message: "dispute \(disputeID) has an unreadable status '\(row["status"] as String)'")
        }
        let dispute = try Dispute(
            restoringID: disputeID,
            paymentIntentID: row["payment_intent_id"],
            reason: reason,
            description: row["description"],
            evidenceDocumentIDs: try JSONDecoder().decode(
                [String].self,
                from: Data((row["evidence_document_ids"] as String).utf8)
            ),
            openedAt: row["opened_at"],
            deadline: row["deadline"],
            status: status,
            configuration: configuration
        )
        return DisputeRecord(
            dispute: dispute,
            jobID: row["job_id"],
            customerID: row["customer_id"],
            outcome: DisputeRecord.Outcome(rawValue: row["outcome"]),
            note: row["note"]
        )
    }

    /// The status, refunded minor units and closing time as stored.
    private static func columns(_ status: Dispute.Status) -> (String, Int64, Int64?) {
        switch status {
        case .open: ("open", 0, nil)
        case .closed(.refunded(let amount), let at): ("refunded", amount.minorUnits, at)
        case .closed(.noRefund, let at): ("no_refund", 0, at)
        case .closed(.expired, let at): ("expired", 0, at)
        }
    }

    private static func evidenceText(_ ids: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
    }
}
