import GRDB

extension PaymentsMigrations {
    /// `payments.v5`: transfers paid by card, and households' settle-ups (P6, H12). A transfer's row records what
    /// paid it and what it was for:
    ///
    /// - `payment_method_id`: the payer's payment method the amount was charged to; empty when their balance paid.
    /// - `charge_receipt_id`: the provider's id of that charge; empty when the balance paid.
    /// - `household_id`, `settlement_id`: the household and the settlement a HouseholdTransfer paid; empty for a
    ///   user's own Transfer.
    ///
    /// Every transfer before this migration was paid from the balance and is read back so (all four empty).
    static func registerVersion5(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("payments.v5") { db in
            try db.execute(
                sql: """
                    ALTER TABLE transfer ADD COLUMN payment_method_id TEXT NOT NULL DEFAULT '';
                    ALTER TABLE transfer ADD COLUMN charge_receipt_id TEXT NOT NULL DEFAULT '';
                    ALTER TABLE transfer ADD COLUMN household_id TEXT NOT NULL DEFAULT '';
                    ALTER TABLE transfer ADD COLUMN settlement_id TEXT NOT NULL DEFAULT '';
                    """
            )
        }
    }
}
