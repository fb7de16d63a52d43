public import GRDB

/// payments' schema. Migrations never change after they land; add new ones.
///
/// Money is stored as integer minor units beside its currency code; times as UTC microseconds.
/// Postings are append-only: the ledger's balances are sums over `ledger_entry` (P4).
public enum PaymentsMigrations {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("payments.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE payment_intent (
                        id TEXT PRIMARY KEY,
                        customer_id TEXT NOT NULL,
                        currency TEXT NOT NULL,
                        held_minor INTEGER NOT NULL,
                        placed_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL,
                        status TEXT NOT NULL,
                        captured_minor INTEGER NOT NULL,
                        charged_above_hold_minor INTEGER NOT NULL,
                        refunded_minor INTEGER NOT NULL,
                        earnings_credited_minor INTEGER NOT NULL
                    );
                    CREATE INDEX payment_intent_by_customer ON payment_intent (customer_id);
                    CREATE INDEX payment_intent_open_holds ON payment_intent (status, expires_at);
                    CREATE TABLE posting (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        kind TEXT NOT NULL,
                        reference TEXT NOT NULL,
                        posted_at INTEGER NOT NULL
                    );
                    CREATE INDEX posting_by_reference ON posting (reference);
                    CREATE TABLE ledger_entry (
                        posting_id INTEGER NOT NULL REFERENCES posting(id),
                        position INTEGER NOT NULL,
                        account TEXT NOT NULL,
                        side TEXT NOT NULL CHECK (side IN ('debit', 'credit')),
                        minor INTEGER NOT NULL CHECK (minor > 0),
                        currency TEXT NOT NULL,
                        PRIMARY KEY (posting_id, position)
                    ) WITHOUT ROWID;
                    CREATE INDEX ledger_entry_by_account ON ledger_entry (account, currency);
                    """
            )
        }
        registerVersion2(&migrator)
        registerVersion3(&migrator)
        registerVersion4(&migrator)
        registerVersion5(&migrator)
        return migrator
    }
}
