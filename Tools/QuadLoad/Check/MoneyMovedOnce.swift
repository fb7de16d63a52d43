import GRDB

/// **money-moved-once**: no payment intent captured twice, no capture, charge or settle-up recorded twice, nothing
/// refunded beyond what was taken; and at the card network (the sandbox's journal) no idempotency slot answered
/// twice with different receipts, no hold captured twice, and each capture and charge matched by exactly one ledger
/// movement of its amount in payments (a job's capture receipt with its intent's capture, or a card transfer's
/// charge), and each receipt payments recorded known to the network.
public enum MoneyMovedOnce {
    public static let name = "money-moved-once"

    /// Duplicates in payments' own records, each row `(what, id, count)`.
    static let duplicatesSQL = """
        SELECT 'intent captured', reference, COUNT(*) FROM posting WHERE kind = 'capture'
            GROUP BY reference HAVING COUNT(*) > 1
        UNION ALL SELECT 'capture receipt recorded', capture_receipt_id, COUNT(*) FROM job_hold
            WHERE capture_receipt_id IS NOT NULL GROUP BY capture_receipt_id HAVING COUNT(*) > 1
        UNION ALL SELECT 'card transfer charged', charge_receipt_id, COUNT(*) FROM transfer
            WHERE charge_receipt_id <> '' GROUP BY charge_receipt_id HAVING COUNT(*) > 1
        UNION ALL SELECT 'settle-up paid', settlement_id, COUNT(*) FROM transfer
            WHERE settlement_id <> '' GROUP BY settlement_id HAVING COUNT(*) > 1
        UNION ALL SELECT 'transfer charged', p.reference, COUNT(*) FROM posting p JOIN transfer t ON t.id = p.reference
            WHERE p.kind = 'charge' GROUP BY p.reference HAVING COUNT(*) > 1
        """
    /// Intents refunded beyond what they took.
    static let overRefundedSQL = """
        SELECT id, refunded_minor, captured_minor + charged_above_hold_minor FROM payment_intent
        WHERE refunded_minor > captured_minor + charged_above_hold_minor
        """
    /// Every receipt payments recorded, with the amount its ledger moved for it: `(receipt, what, amount)`.
    static let receiptsSQL = """
        SELECT h.capture_receipt_id, 'capture of ' || h.job_id, i.captured_minor FROM job_hold h
            JOIN payment_intent i ON i.id = h.payment_intent_id WHERE h.capture_receipt_id IS NOT NULL
        UNION ALL SELECT h.charge_receipt_id, 'charge above the hold of ' || h.job_id, i.charged_above_hold_minor
            FROM job_hold h JOIN payment_intent i ON i.id = h.payment_intent_id WHERE h.charge_receipt_id IS NOT NULL
        UNION ALL SELECT charge_receipt_id, 'card transfer ' || id, amount_minor FROM transfer
            WHERE charge_receipt_id <> ''
        """
    static let countsSQL = "SELECT (SELECT COUNT(*) FROM payment_intent) + (SELECT COUNT(*) FROM transfer)"

    /// Checks payments' database and, when `journal` is given, the card network's side.
    public static func check(_ databases: ServiceDatabases, journal: SandboxJournalContents?) throws
        -> InvariantResult
    {
        var result = InvariantResult(name: name)
        guard
            let (duplicates, overRefunded, receipts, count) = try databases.read(
                "payments",
                { db in
                    (
                        try Row.fetchAll(db, sql: duplicatesSQL), try Row.fetchAll(db, sql: overRefundedSQL),
                        try Row.fetchAll(db, sql: receiptsSQL), try Int.fetchOne(db, sql: countsSQL) ?? 0
                    )
                }
            )
        else {
            result.notes.append("no payments database")
            return result
        }
        result.checked = count
        for row in duplicates {
            result.violations.append("\(row[0] as String) \(row[2] as Int) times: \(row[1] as String)")
        }
        for row in overRefunded {
            result.violations.append("intent \(row[0] as String) refunded \(row[1] as Int64) of \(row[2] as Int64)")
        }
        guard let journal else {
            result.notes.append("no sandbox journal: the card network's side not checked")
            return result
        }
        result.checked += journal.payments.count
        var slots: [String: Set<String>] = [:]
        var captures: [String: Set<String>] = [:]
        for answer in journal.answers {
            slots[answer.slot, default: []].insert(answer.receiptID)
            if answer.slot.hasPrefix("capture:"), let hold = answer.parameters.split(separator: "|").last {
                captures[String(hold), default: []].insert(answer.receiptID)
            }
        }
        for (slot, ids) in slots.sorted(by: { $0.key < $1.key }) where ids.count > 1 {
            result.violations.append("idempotency slot \(slot) answered \(ids.count) receipts: \(ids.sorted())")
        }
        for (hold, ids) in captures.sorted(by: { $0.key < $1.key }) where ids.count > 1 {
            result.violations.append("hold \(hold) captured \(ids.count) times at the card network: \(ids.sorted())")
        }
        var recorded: [String: [(what: String, amount: Int64)]] = [:]
        for row in receipts { recorded[row[0], default: []].append((row[1], row[2])) }
        for payment in journal.payments.values.sorted(by: { $0.id < $1.id }) {
            let movements = recorded[payment.id] ?? []
            if movements.count != 1 {
                result.violations.append(
                    "card network payment \(payment.id) of \(payment.amountMinor) has \(movements.count) ledger movements"
                )
            } else if movements[0].amount != payment.amountMinor {
                result.violations.append(
                    "card network payment \(payment.id) took \(payment.amountMinor), the ledger's "
                        + "\(movements[0].what) moved \(movements[0].amount)"
                )
            }
        }
        for (receipt, movements) in recorded.sorted(by: { $0.key < $1.key }) where journal.payments[receipt] == nil {
            result.violations.append("\(movements[0].what) names receipt \(receipt), which the card network never made")
        }
        return result
    }
}
