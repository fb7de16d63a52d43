import GRDB

extension PaymentsMigrations {
    /// Version 3: payouts settle (P6). `settled_at` is when the bank paid or returned a payout (NULL while in
    /// transit); the index finds the payouts in transit for the settlement sweep.
    static func registerVersion3(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("payments.v3") { db in
            try db.execute(
                sql: """
                    ALTER TABLE payout ADD COLUMN settled_at INTEGER;
                    CREATE INDEX payout_by_status ON payout (status, requested_at);
                    """
            )
        }
    }
}
