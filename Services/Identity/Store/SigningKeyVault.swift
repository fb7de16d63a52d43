import Crypto
import Foundation
import GRDB
import QuadServiceKit

/// identity's token-signing keys in the database, each private key sealed with AES-256-GCM
/// under the key-encryption key (its key id as authenticated data, so a sealed key cannot be
/// passed off as another). Only the current signing key is ever decrypted; older keys keep
/// their public half for verifying until their last tokens expire.
enum SigningKeyVault {
    /// One stored key.
    struct StoredKey: Sendable {
        var keyID: String
        var publicKey: Curve25519.Signing.PublicKey
        var createdAt: Date
        /// When it stopped signing; nil for the current key.
        var retiredAt: Date?
    }

    /// The current key, decrypted, and the keys that may still verify tokens (the current
    /// one first).
    struct Loaded: Sendable {
        var keyID: String
        var privateKey: Curve25519.Signing.PrivateKey
        var verifying: [StoredKey]
        /// True when a key stored in plain bytes was sealed now (the WAL is to be emptied).
        var sealedPlaintext = false
    }

    /// At most this many keys verify tokens: the current one and the newest retired ones. A rotation past it drops
    /// the oldest retired key before its window ends (its tokens are then refused at the edge as signed by an unknown
    /// key, and their apps refresh), so that every rotation does not add a key to every answer of
    /// GetTokenVerificationKey for as long as the window lasts.
    static let maximumVerifyingKeys = 8

    /// What went wrong with a sealed key.
    struct VaultError: Error, CustomStringConvertible {
        var description: String
    }

    /// Loads the keys at start: seals any key still stored in plain bytes (and then rotates,
    /// since a plain key may be in old backups), makes the first key when there is none, and
    /// decrypts the current one. `window` is how long a retired key still verifies.
    static func load(kek: SymmetricKey, now: Date, window: Duration, _ db: Database) throws -> Loaded {
        let migrated = try sealPlaintextKeys(kek: kek, db)
        if try migrated || current(db) == nil {
            try rotate(kek: kek, now: now, window: window, db)
        }
        var keys = try loaded(kek: kek, now: now, window: window, db)
        keys.sealedPlaintext = migrated
        return keys
    }

    /// A new key signs from `now`; the previous one is retired (it still verifies). Retired keys that verify nothing
    /// any more (past `window`, or beyond the ``maximumVerifyingKeys`` newest) are deleted.
    static func rotate(kek: SymmetricKey, now: Date, window: Duration, _ db: Database) throws {
        let key = Curve25519.Signing.PrivateKey()
        let digest = SHA256.hash(data: key.publicKey.rawRepresentation)
        let keyID = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
        try db.execute(
            sql: "UPDATE signing_key SET retired_at_micros = ? WHERE retired_at_micros IS NULL",
            arguments: [now.micros]
        )
        try db.execute(
            sql: """
                INSERT INTO signing_key (key_id, private_key, public_key, sealed_key, created_at_micros)
                VALUES (?, X'', ?, ?, ?)
                """,
            arguments: [keyID, key.publicKey.rawRepresentation, try seal(key, keyID: keyID, kek: kek), now.micros]
        )
        try db.execute(
            sql: """
                DELETE FROM signing_key WHERE retired_at_micros IS NOT NULL AND (
                    retired_at_micros <= ? OR rowid NOT IN (
                        SELECT rowid FROM signing_key WHERE retired_at_micros IS NOT NULL
                        ORDER BY created_at_micros DESC, rowid DESC LIMIT ?
                    )
                )
                """,
            arguments: [horizon(now: now, window: window).micros, maximumVerifyingKeys - 1]
        )
    }

    /// Keys retired at or before this verify nothing: every token they signed has expired.
    static func horizon(now: Date, window: Duration) -> Date {
        now.addingTimeInterval(-Double(window.components.seconds))
    }

    static func loaded(kek: SymmetricKey, now: Date, window: Duration, _ db: Database) throws -> Loaded {
        guard let current = try current(db) else { throw VaultError(description: "no signing key is stored") }
        let retired = try Row.fetchAll(
            db,
            sql: """
                SELECT key_id, public_key, created_at_micros, retired_at_micros FROM signing_key
                WHERE retired_at_micros IS NOT NULL AND retired_at_micros > ? ORDER BY created_at_micros DESC, rowid DESC
                LIMIT ?
                """,
            arguments: [horizon(now: now, window: window).micros, maximumVerifyingKeys - 1]
        ).map(storedKey)
        let privateKey = try open(current.sealed, keyID: current.key.keyID, kek: kek)
        return Loaded(keyID: current.key.keyID, privateKey: privateKey, verifying: [current.key] + retired)
    }

    private static func current(_ db: Database) throws -> (key: StoredKey, sealed: Data)? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT key_id, public_key, sealed_key, created_at_micros, retired_at_micros FROM signing_key
                WHERE retired_at_micros IS NULL AND sealed_key IS NOT NULL ORDER BY created_at_micros DESC LIMIT 1
                """
        ).map { row in (key: try storedKey(row), sealed: row["sealed_key"] as Data) }
    }

    private static func storedKey(_ row: Row) throws -> StoredKey {
        StoredKey(
            keyID: row["key_id"],
            publicKey: try Curve25519.Signing.PublicKey(rawRepresentation: row["public_key"] as Data),
            createdAt: Date(micros: row["created_at_micros"]),
            retiredAt: (row["retired_at_micros"] as Int64?).map(Date.init(micros:))
        )
    }

    /// Seals keys stored in plain bytes (before issue 11) and erases the plain bytes; true
    /// when there were any. `secure_delete` overwrites the freed bytes in the file.
    private static func sealPlaintextKeys(kek: SymmetricKey, _ db: Database) throws -> Bool {
        let plain = try Row.fetchAll(db, sql: "SELECT key_id, private_key FROM signing_key WHERE sealed_key IS NULL")
        guard !plain.isEmpty else { return false }
        try db.execute(sql: "PRAGMA secure_delete = ON")
        for row in plain {
            let keyID: String = row["key_id"]
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: row["private_key"] as Data)
            try db.execute(
                sql: "UPDATE signing_key SET private_key = X'', public_key = ?, sealed_key = ? WHERE key_id = ?",
                arguments: [key.publicKey.rawRepresentation, try seal(key, keyID: keyID, kek: kek), keyID]
            )
        }
        try db.execute(sql: "PRAGMA secure_delete = OFF")
        return true
    }

    static func seal(_ key: Curve25519.Signing.PrivateKey, keyID: String, kek: SymmetricKey) throws -> Data {
        guard
            let combined = try AES.GCM.seal(key.rawRepresentation, using: kek, authenticating: Data(keyID.utf8))
                .combined
        else {
            throw VaultError(description: "AES-GCM gave no combined representation")
        }
        return combined
    }

    static func open(_ sealed: Data, keyID: String, kek: SymmetricKey) throws -> Curve25519.Signing.PrivateKey {
        do {
            let box = try AES.GCM.SealedBox(combined: sealed)
            return try Curve25519.Signing.PrivateKey(
                rawRepresentation: try AES.GCM.open(box, using: kek, authenticating: Data(keyID.utf8))
            )
        } catch {
            throw VaultError(
                description:
                    "identity's signing key \(keyID) cannot be decrypted with this key-encryption key: start identity "
                    + "with the one it was sealed with (QUAD_SIGNING_KEY_ENCRYPTION_KEY or the certificates directory's "
                    + "\(KeyEncryptionKey.fileName))"
            )
        }
    }
}
