public import GRDB

/// Payment methods (P2).
extension PaymentsStore {
    /// Stores a new payment method.
    public static func insert(_ method: StoredPaymentMethod, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO payment_method (id, owner_id, token, label, brand, last_digits, added_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                method.id, method.owner, method.token, method.label, method.brand, method.lastDigits, method.addedAt,
            ]
        )
    }

    /// The payment method with `id`, or nil.
    public static func paymentMethod(id: String, _ db: Database) throws -> StoredPaymentMethod? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM payment_method WHERE id = ?"), arguments: [id])
            .map(paymentMethod)
    }

    /// `owner`'s payment method with `token`, if they added it before.
    public static func paymentMethod(owner: String, token: String, _ db: Database) throws -> StoredPaymentMethod? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT * FROM payment_method WHERE owner_id = ? AND token = ? ORDER BY added_at LIMIT 1"
            ),
            arguments: [owner, token]
        ).map(paymentMethod)
    }

    /// `owner`'s payment methods, oldest first (in the order added).
    public static func paymentMethods(owner: String, _ db: Database) throws -> [StoredPaymentMethod] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM payment_method WHERE owner_id = ? ORDER BY added_at, rowid"),
            arguments: [owner]
        ).map(paymentMethod)
    }

    private static func paymentMethod(_ row: Row) -> StoredPaymentMethod {
        StoredPaymentMethod(
            id: row["id"],
            owner: row["owner_id"],
            token: row["token"],
            label: row["label"],
            brand: row["brand"],
            lastDigits: row["last_digits"],
            addedAt: row["added_at"]
        )
    }
}
