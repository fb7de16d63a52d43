public import Foundation
public import GRDB

/// Stored answers of commands that carried an `idempotency-key`, so a retried command gets the
/// first answer instead of running twice.
///
/// A key is scoped (by method, or by method and caller) and bound to a hash of the request's
/// parameters: the same key with other parameters is a client bug and is refused.
public enum IdempotencyStore {
    /// The stored response for `key` in `scope`, or nil if the key is new.
    ///
    /// - Throws: ``IdempotencyConflictError`` when the key was recorded with another request hash.
    public static func lookup(_ db: Database, scope: String, key: String, requestHash: Data) throws -> Data? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT request_hash, response FROM quad_idempotency WHERE scope = ? AND key = ?",
                arguments: [scope, key]
            )
        else { return nil }
        let storedHash: Data = row["request_hash"]
        guard storedHash == requestHash else {
            throw IdempotencyConflictError(scope: scope, key: key)
        }
        return row["response"]
    }

    /// Stores the response for `key` in `scope`, in the transaction that made it.
    public static func record(_ db: Database, scope: String, key: String, requestHash: Data, response: Data) throws {
        try db.execute(
            sql: """
                INSERT INTO quad_idempotency (scope, key, request_hash, response, created_at)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [scope, key, requestHash, response, StorageTime.microseconds(.now)]
        )
    }
}
