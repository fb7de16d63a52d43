import Foundation
import GRDB
import QuadServiceKit
import IdentityDomain

/// The login throttle of emails that have no account (A2): counted and locked exactly like an account's, so that
/// five wrong guesses answer the same whether or not the email is registered.
extension IdentityStore {
    /// How long an unknown email's count is kept after its last attempt. An account keeps its count until a
    /// success; an unknown email never succeeds, so its row is dropped after a quiet day to bound the table.
    static let unknownEmailRetention: TimeInterval = 24 * 3_600

    /// The email's key: its SHA-256 in lowercase hex (the digest refresh tokens are stored by), so unknown emails
    /// are never stored in the clear.
    static func unknownEmailKey(_ email: String) -> String {
        RefreshTokens.hash(email.lowercased())
    }

    /// The stored throttle of an unknown email (a fresh one when it has none).
    static func unknownEmailThrottle(_ key: String, configuration: LoginThrottle.Configuration, _ db: Database) throws
        -> LoginThrottle
    {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT failed_logins, locked_until_micros FROM unknown_email_login WHERE email_hash = ?"
            ),
            arguments: [key]
        )
        guard let row else { return LoginThrottle(configuration: configuration) }
        return LoginThrottle(
            consecutiveFailures: row["failed_logins"],
            lockedUntil: (row["locked_until_micros"] as Int64?).map(Date.init(micros:)),
            configuration: configuration
        )
    }

    /// Stores an unknown email's throttle, and drops the rows of emails not tried for ``unknownEmailRetention``.
    static func saveUnknownEmailThrottle(_ key: String, _ throttle: LoginThrottle, now: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO unknown_email_login (email_hash, failed_logins, locked_until_micros, updated_at_micros)
                VALUES (?, ?, ?, ?)
                ON CONFLICT(email_hash) DO UPDATE SET failed_logins = excluded.failed_logins,
                    locked_until_micros = excluded.locked_until_micros, updated_at_micros = excluded.updated_at_micros
                """,
            arguments: [key, throttle.consecutiveFailures, throttle.lockedUntil?.micros, now.micros]
        )
        try db.execute(
            sql: "DELETE FROM unknown_email_login WHERE updated_at_micros < ?",
            arguments: [now.addingTimeInterval(-unknownEmailRetention).micros]
        )
    }
}
