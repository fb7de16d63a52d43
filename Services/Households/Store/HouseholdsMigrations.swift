public import GRDB

/// households' schema. Migrations never change after they land; add new ones.
///
/// Times are UTC microseconds; money is integer minor units in the household's currency. A household that is
/// dismissed keeps its row (`dismissed_at`) so its ids stay unknown to everyone; its memberships end.
/// A member who leaves keeps their row (`left_at`): rotation skips them, their balance and history stay.
public enum HouseholdsMigrations {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // H1-H3: households, members, invites by email.
        migrator.registerMigration("households.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE household (
                        id TEXT PRIMARY KEY,
                        name TEXT NOT NULL,
                        time_zone TEXT NOT NULL,
                        currency TEXT NOT NULL,
                        host_id TEXT NOT NULL,
                        simplify_debts INTEGER NOT NULL CHECK (simplify_debts IN (0, 1)),
                        birthday_reminder_days INTEGER NOT NULL CHECK (birthday_reminder_days BETWEEN 0 AND 30),
                        created_by TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        expense_count INTEGER NOT NULL DEFAULT 0,
                        dismissed_at INTEGER
                    );
                    CREATE TABLE household_member (
                        household_id TEXT NOT NULL REFERENCES household (id),
                        user_id TEXT NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('host', 'member')),
                        joined_at INTEGER NOT NULL,
                        left_at INTEGER,
                        PRIMARY KEY (household_id, user_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX household_member_by_user ON household_member (user_id, joined_at)
                        WHERE left_at IS NULL;
                    CREATE TABLE household_invite (
                        id TEXT PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES household (id),
                        email TEXT NOT NULL,
                        invitee_id TEXT,
                        invited_by TEXT NOT NULL,
                        invited_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL,
                        state TEXT NOT NULL
                            CHECK (state IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn')),
                        answered_by TEXT,
                        answered_at INTEGER
                    );
                    CREATE INDEX household_invite_by_email ON household_invite (email, state, invited_at DESC);
                    CREATE INDEX household_invite_by_household ON household_invite (household_id, state);
                    CREATE UNIQUE INDEX household_invite_pending ON household_invite (household_id, email)
                        WHERE state = 'pending';
                    """
            )
        }
        // H4-H9: chores, their occurrences (each done one is a history entry), and reminders. A reminder row is one
        // person's for one subject (a chore occurrence, a birthday in a year, a bill's period), so it fires once;
        // the scheduler fires due rows and logs their feed events in one transaction (`fired_at` is the claim).
        migrator.registerMigration("chores.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE chore (
                        id TEXT PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES household (id),
                        name TEXT NOT NULL,
                        notes TEXT NOT NULL,
                        repeat TEXT NOT NULL,
                        assignment TEXT NOT NULL,
                        member_ids TEXT NOT NULL,
                        urgent INTEGER NOT NULL CHECK (urgent IN (0, 1)),
                        points INTEGER NOT NULL CHECK (points BETWEEN 0 AND 100),
                        anchor_day INTEGER NOT NULL CHECK (anchor_day BETWEEN 1 AND 31),
                        anchor_minute INTEGER,
                        current_occurrence_id TEXT,
                        finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
                        created_by TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        deleted_at INTEGER
                    );
                    CREATE INDEX chore_by_household ON chore (household_id) WHERE deleted_at IS NULL;
                    CREATE TABLE chore_occurrence (
                        id TEXT PRIMARY KEY,
                        chore_id TEXT NOT NULL REFERENCES chore (id),
                        household_id TEXT NOT NULL,
                        due_at INTEGER NOT NULL,
                        assignee_ids TEXT NOT NULL,
                        turn INTEGER,
                        done_by TEXT,
                        done_at INTEGER,
                        points INTEGER,
                        photo_document_id TEXT,
                        rating_stars INTEGER CHECK (rating_stars BETWEEN 1 AND 5),
                        rated_by TEXT,
                        rated_at INTEGER
                    );
                    CREATE INDEX chore_occurrence_by_chore ON chore_occurrence (chore_id, due_at);
                    CREATE INDEX chore_occurrence_done ON chore_occurrence (household_id, done_at DESC, id DESC)
                        WHERE done_at IS NOT NULL;
                    CREATE INDEX chore_occurrence_done_by_chore ON chore_occurrence (chore_id, done_at DESC, id DESC)
                        WHERE done_at IS NOT NULL;
                    CREATE TABLE reminder (
                        id TEXT PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES household (id),
                        user_id TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('chore_due', 'birthday', 'bill_due')),
                        subject_id TEXT NOT NULL,
                        due_at INTEGER NOT NULL,
                        fired_at INTEGER,
                        details TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        UNIQUE (kind, subject_id, user_id)
                    );
                    CREATE INDEX reminder_due ON reminder (due_at, id) WHERE fired_at IS NULL;
                    CREATE INDEX reminder_by_user ON reminder (user_id, due_at) WHERE fired_at IS NULL;
                    CREATE INDEX reminder_by_household ON reminder (household_id);
                    """
            )
        }
        // H10-H12: expenses with their revisions, recurring bills, running balances (per member and per pair, so a
        // read never replays the expenses), payment requests and settlements. A bill's expense for a period is
        // unique (bill_id, bill_period): exactly once per period. An in-app settlement is keyed by its payer's
        // idempotency key, so a retry is the same settlement and payments is asked with the same key.
        migrator.registerMigration("expenses.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE expense (
                        id TEXT PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES household (id),
                        description TEXT NOT NULL,
                        paid_by TEXT NOT NULL,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        currency TEXT NOT NULL,
                        method TEXT NOT NULL,
                        shares TEXT NOT NULL,
                        parts TEXT NOT NULL,
                        receipt_document_id TEXT,
                        spent_at INTEGER NOT NULL,
                        created_by TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        bill_id TEXT,
                        bill_period TEXT,
                        version INTEGER NOT NULL DEFAULT 1,
                        deleted_at INTEGER,
                        UNIQUE (bill_id, bill_period)
                    );
                    CREATE INDEX expense_by_household ON expense (household_id, spent_at DESC, id DESC);
                    CREATE TABLE expense_revision (
                        expense_id TEXT NOT NULL REFERENCES expense (id),
                        version INTEGER NOT NULL,
                        changed_by TEXT NOT NULL,
                        changed_at INTEGER NOT NULL,
                        deleted INTEGER NOT NULL CHECK (deleted IN (0, 1)),
                        before TEXT NOT NULL,
                        PRIMARY KEY (expense_id, version)
                    ) WITHOUT ROWID;
                    CREATE TABLE member_balance (
                        household_id TEXT NOT NULL REFERENCES household (id),
                        user_id TEXT NOT NULL,
                        net INTEGER NOT NULL,
                        PRIMARY KEY (household_id, user_id)
                    ) WITHOUT ROWID;
                    CREATE TABLE pair_balance (
                        household_id TEXT NOT NULL REFERENCES household (id),
                        first_id TEXT NOT NULL,
                        second_id TEXT NOT NULL,
                        owed INTEGER NOT NULL,
                        PRIMARY KEY (household_id, first_id, second_id),
                        CHECK (first_id < second_id)
                    ) WITHOUT ROWID;
                    CREATE TABLE bill (
                        id TEXT PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES household (id),
                        description TEXT NOT NULL,
                        payer_id TEXT NOT NULL,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        currency TEXT NOT NULL,
                        method TEXT NOT NULL,
                        shares TEXT NOT NULL,
                        day_of_month INTEGER NOT NULL CHECK (day_of_month BETWEEN 1 AND 31),
                        reminder_days INTEGER NOT NULL CHECK (reminder_days BETWEEN 0 AND 14),
                        next_period TEXT NOT NULL,
                        next_due_at INTEGER NOT NULL,
                        active INTEGER NOT NULL CHECK (active IN (0, 1)),
                        created_by TEXT NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX bill_by_household ON bill (household_id);
                    CREATE INDEX bill_due ON bill (next_due_at, id) WHERE active = 1;
                    CREATE TABLE payment_request (
                        id TEXT PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES household (id),
                        from_id TEXT NOT NULL,
                        to_id TEXT NOT NULL,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        currency TEXT NOT NULL,
                        note TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        settlement_id TEXT
                    );
                    CREATE INDEX payment_request_by_household ON payment_request (household_id, created_at DESC);
                    CREATE TABLE settlement (
                        id TEXT PRIMARY KEY,
                        household_id TEXT NOT NULL REFERENCES household (id),
                        from_id TEXT NOT NULL,
                        to_id TEXT NOT NULL,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        currency TEXT NOT NULL,
                        method TEXT NOT NULL CHECK (method IN ('cash', 'in_app')),
                        state TEXT NOT NULL CHECK (state IN ('pending', 'completed', 'failed')),
                        payment_method_id TEXT,
                        idempotency_key TEXT,
                        request_hash TEXT,
                        transfer_id TEXT,
                        failure TEXT,
                        recorded_by TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        request_id TEXT,
                        UNIQUE (recorded_by, idempotency_key)
                    );
                    CREATE INDEX settlement_by_household ON settlement (household_id, created_at DESC, id DESC);
                    CREATE INDEX settlement_pending ON settlement (created_at, id) WHERE state = 'pending';
                    """
            )
        }
        return migrator
    }
}
