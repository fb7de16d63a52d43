import Crypto
import Foundation
import GRDB
import IdentityDomain
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire

/// identity's database, and every transaction identity's handlers ask of it, by name (GRDB's `AppDatabase` pattern).
///
/// Each method is one read or one write. What a change stores with it (the feed event a profile change is told
/// with, the refresh token a session starts with, `account.deleted` in the outbox) is decided here: a handler checks
/// its request, hashes and signs outside any transaction, asks for the change and maps the answer; it never opens a
/// transaction or sees GRDB.
struct IdentityDatabase: Sendable {
    /// The service's SQLite database: its tables, outbox, inbox and event log.
    let storage: QuadDatabase

    /// At start: seeds the campus directory on first start and loads (or makes) the token signing keys, sealed
    /// under `kek` (``SigningKeyVault/load(kek:now:window:_:)``); a key still stored in plain bytes is sealed and
    /// its old pages emptied from the write-ahead log.
    func open(
        seed: CampusDirectory,
        kek: SymmetricKey,
        now: Date,
        window: Duration
    ) async throws -> (directory: CampusDirectory, keys: SigningKeyVault.Loaded) {
        let (directory, loaded) = try await storage.write { db in
            try IdentityStore.seedDirectoryIfEmpty(seed, db)
            let loaded = try SigningKeyVault.load(kek: kek, now: now, window: window, db)
            return (try IdentityStore.directory(db), loaded)
        }
        if loaded.sealedPlaintext {
            // The plain key's bytes were zeroed in place (secure_delete); the WAL still holds
            // the pages from before, until it is checkpointed and emptied.
            try await storage.checkpointAndTruncateLog()
        }
        return (directory, loaded)
    }

    /// Operators' key rotation: a new signing key from `now`; returns the keys that now sign and verify.
    func rotateSigningKey(kek: SymmetricKey, now: Date, window: Duration) async throws -> SigningKeyVault.Loaded {
        try await storage.write { db in
            try SigningKeyVault.rotate(kek: kek, now: now, window: window, db)
            return try SigningKeyVault.loaded(kek: kek, now: now, window: window, db)
        }
    }

    // MARK: Reads

    /// Account `id`, or nil.
    func account(id: String) async throws -> AccountRecord? {
        try await storage.read { db in try IdentityStore.account(id: id, db) }
    }

    /// The accounts of `ids` that exist, in the order asked.
    func accounts(ids: [String]) async throws -> [AccountRecord] {
        try await storage.read { db in try ids.compactMap { try IdentityStore.account(id: $0, db) } }
    }

    /// The accounts of `emails` that exist, in the order asked.
    func accounts(emails: [String]) async throws -> [AccountRecord] {
        try await storage.read { db in try emails.compactMap { try IdentityStore.account(email: $0, db) } }
    }

    /// The sessions revoked since `since`, oldest first.
    func revokedSessions(since: Date) async throws -> [(sessionID: String, userID: String, revokedAt: Date)] {
        try await storage.read { db in try IdentityStore.revokedSessions(since: since, db) }
    }

    /// G3: identity's event source, streamed from the event log.
    func serveEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await EventSourceStream.serve(request: request, response: response, database: storage, context: context)
    }
}
