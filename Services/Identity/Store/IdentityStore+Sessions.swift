import Foundation
import GRDB
import QuadServiceKit
import IdentityDomain

/// Reads and changes of sessions (refresh-token families) beyond one token.
extension IdentityStore {
    /// The refresh token of `familyID` that can still be used (neither rotated nor revoked nor
    /// expired), when the session is `userID`'s and alive.
    static func liveToken(familyID: String, userID: String, now: Date, _ db: Database) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id FROM refresh_token
                    WHERE family_id = ? AND user_id = ? AND rotated_at_micros IS NULL AND revoked_at_micros IS NULL
                        AND expires_at_micros > ?
                    """
            ),
            arguments: [familyID, userID, now.micros]
        )
    }

    /// Sessions revoked at or after `since`, oldest first: (session id, user id, when).
    static func revokedSessions(since: Date, _ db: Database) throws -> [(
        sessionID: String, userID: String, revokedAt: Date
    )] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT family_id, user_id, MAX(revoked_at_micros) AS revoked_at FROM refresh_token
                    WHERE revoked_at_micros >= ? GROUP BY family_id, user_id ORDER BY revoked_at
                    """
            ),
            arguments: [since.micros]
        ).map { row in
            (
                sessionID: row["family_id"] as String, userID: row["user_id"] as String,
                revokedAt: Date(micros: row["revoked_at"] as Int64)
            )
        }
    }
}
