import GRDB

extension PaymentsMigrations {
    /// `payments.v2`: what the service keeps beside the ledger.
    ///
    /// - `payment_method`: a user's wallet tokens (P2), with payments' own id.
    /// - `laundry_hold`: one row per job, linking it to its intent, the provider's authorisation, the payment
    ///   method's token and the estimate's inputs (the final price is checked against the estimate), whether
    ///   `job.posted` confirmed it, and the provider's receipts of the capture and the charge above the hold (what
    ///   a refund names).
    /// - `payout`, `transfer`: P6, one row each (a user's payouts in transit are a sum over `payout`).
    /// - `dispute`: P5, the money side of a claim.
    static func registerVersion2(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("payments.v2") { db in
            try db.execute(
                sql: """
                    CREATE TABLE payment_method (
                        id TEXT PRIMARY KEY,
                        owner_id TEXT NOT NULL,
                        token TEXT NOT NULL,
                        label TEXT NOT NULL,
                        brand TEXT NOT NULL,
                        last_digits TEXT NOT NULL,
                        added_at INTEGER NOT NULL
                    );
                    CREATE INDEX payment_method_by_owner ON payment_method (owner_id, added_at);
                    CREATE TABLE laundry_hold (
                        job_id TEXT PRIMARY KEY,
                        payment_intent_id TEXT NOT NULL UNIQUE REFERENCES payment_intent(id),
                        customer_id TEXT NOT NULL,
                        dorm_id TEXT NOT NULL,
                        payment_method_id TEXT NOT NULL,
                        payment_method_token TEXT NOT NULL,
                        authorization_id TEXT NOT NULL,
                        estimate_loads INTEGER NOT NULL,
                        estimate_add_ons TEXT NOT NULL,
                        washer_minor INTEGER NOT NULL,
                        dryer_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        estimate_total_minor INTEGER NOT NULL,
                        confirmed INTEGER NOT NULL DEFAULT 0,
                        dasher_id TEXT,
                        capture_receipt_id TEXT,
                        charge_receipt_id TEXT,
                        placed_at INTEGER NOT NULL
                    );
                    CREATE INDEX laundry_hold_unconfirmed ON laundry_hold (confirmed, placed_at);
                    CREATE TABLE payout (
                        id TEXT PRIMARY KEY,
                        user_id TEXT NOT NULL,
                        amount_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        bank_token TEXT NOT NULL,
                        status TEXT NOT NULL,
                        failure_reason TEXT NOT NULL DEFAULT '',
                        receipt_id TEXT NOT NULL,
                        requested_at INTEGER NOT NULL
                    );
                    CREATE INDEX payout_by_user ON payout (user_id, status);
                    CREATE TABLE transfer (
                        id TEXT PRIMARY KEY,
                        from_user_id TEXT NOT NULL,
                        to_user_id TEXT NOT NULL,
                        amount_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        memo TEXT NOT NULL,
                        at INTEGER NOT NULL
                    );
                    CREATE INDEX transfer_by_from ON transfer (from_user_id);
                    CREATE INDEX transfer_by_to ON transfer (to_user_id);
                    CREATE TABLE dispute (
                        id TEXT PRIMARY KEY,
                        job_id TEXT NOT NULL,
                        payment_intent_id TEXT NOT NULL REFERENCES payment_intent(id),
                        customer_id TEXT NOT NULL,
                        reason TEXT NOT NULL,
                        description TEXT NOT NULL,
                        evidence_document_ids TEXT NOT NULL,
                        opened_at INTEGER NOT NULL,
                        deadline INTEGER NOT NULL,
                        status TEXT NOT NULL,
                        outcome TEXT NOT NULL DEFAULT '',
                        refunded_minor INTEGER NOT NULL DEFAULT 0,
                        closed_at INTEGER,
                        note TEXT NOT NULL DEFAULT ''
                    );
                    CREATE INDEX dispute_by_job ON dispute (job_id);
                    """
            )
        }
    }
}
