public import GRDB
public import PaymentsDomain

/// What `account.deleted` reads and removes of one person in payments' tables. Ledger entries are never among it.
extension PaymentsStore {
    /// The hold records of `customer`'s intents still held, oldest first.
    public static func openHolds(customer: String, _ db: Database) throws -> [JobHoldRecord] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT h.* FROM job_hold h JOIN payment_intent i ON i.id = h.payment_intent_id
                    WHERE h.customer_id = ? AND i.status = 'held' ORDER BY h.placed_at, h.job_id
                    """
            ),
            arguments: [customer]
        ).map(jobHold)
    }

    /// Detaches every payment method of `owner`: nothing can be held or charged on them again. A hold placed on one
    /// keeps the provider's token it needs to be captured or voided.
    ///
    /// - Returns: How many were detached.
    @discardableResult
    public static func detachPaymentMethods(owner: String, _ db: Database) throws -> Int {
        try db.execute(sql: "DELETE FROM payment_method WHERE owner_id = ?", arguments: [owner])
        return db.changesCount
    }
}
