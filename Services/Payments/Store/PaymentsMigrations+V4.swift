import GRDB

extension PaymentsMigrations {
    /// `payments.v4`: holds for a job of any product (issue 12). `laundry_hold` becomes `job_hold`, whose estimate is
    /// the product's items and the zone's prices in text rather than laundry's columns:
    ///
    /// - `product`: the product whose schedule priced the hold; every row before this migration is `laundry`.
    /// - `zone_id`: the job's zone (laundry's dorm).
    /// - `estimate_items`: `code:quantity[:minor]`, comma-separated, in the product's codes (laundry: `loads:2`, then
    ///   `folding:1`, `ironing:1`); an amount is in the row's `currency`.
    /// - `zone_prices`: `code:minor`, comma-separated (laundry: `washer:175,dryer:150`).
    /// - `worker_id`: the dasher credited, as `dasher_id` was.
    ///
    /// Every laundry hold is copied over as those, and `laundry_hold` is dropped: nothing is lost (a laundry
    /// estimate was its loads, add-ons, the dorm's washer and dryer prices and its total).
    static func registerVersion4(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("payments.v4") { db in
            try db.execute(
                sql: """
                    CREATE TABLE job_hold (
                        job_id TEXT PRIMARY KEY,
                        product TEXT NOT NULL,
                        payment_intent_id TEXT NOT NULL UNIQUE REFERENCES payment_intent(id),
                        customer_id TEXT NOT NULL,
                        zone_id TEXT NOT NULL,
                        payment_method_id TEXT NOT NULL,
                        payment_method_token TEXT NOT NULL,
                        authorization_id TEXT NOT NULL,
                        estimate_items TEXT NOT NULL,
                        zone_prices TEXT NOT NULL,
                        currency TEXT NOT NULL,
                        estimate_total_minor INTEGER NOT NULL,
                        confirmed INTEGER NOT NULL DEFAULT 0,
                        worker_id TEXT,
                        capture_receipt_id TEXT,
                        charge_receipt_id TEXT,
                        placed_at INTEGER NOT NULL
                    );
                    INSERT INTO job_hold (job_id, product, payment_intent_id, customer_id, zone_id, payment_method_id,
                        payment_method_token, authorization_id, estimate_items, zone_prices, currency,
                        estimate_total_minor, confirmed, worker_id, capture_receipt_id, charge_receipt_id, placed_at)
                    SELECT job_id, 'laundry', payment_intent_id, customer_id, dorm_id, payment_method_id,
                        payment_method_token, authorization_id,
                        'loads:' || estimate_loads
                            || CASE estimate_add_ons WHEN '' THEN ''
                                ELSE ',' || replace(estimate_add_ons, ',', ':1,') || ':1' END,
                        'washer:' || washer_minor || ',dryer:' || dryer_minor,
                        currency, estimate_total_minor, confirmed, dasher_id, capture_receipt_id, charge_receipt_id,
                        placed_at
                    FROM laundry_hold;
                    DROP TABLE laundry_hold;
                    CREATE INDEX job_hold_unconfirmed ON job_hold (confirmed, placed_at);
                    """
            )
        }
    }
}
