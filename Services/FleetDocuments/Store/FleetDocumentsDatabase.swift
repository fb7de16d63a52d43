import FleetDocumentsDomain
import GRDB
import QuadServiceKit
import QuadContracts
import QuadStorage
import Synchronization

/// fleet-documents' database and its blobs, and every transaction the handlers ask of them, by name (GRDB's
/// `AppDatabase` pattern, as every service has).
///
/// The order that keeps a row from ever naming a missing blob: an upload's blob is made durable under its address
/// first, then its row is written; a deletion removes the row first, then the blob once no row names it. A crash
/// between the two steps leaves only a blob no row names, which ``sweepOrphans()`` removes at start.
struct FleetDocumentsDatabase: Sendable {
    /// The service's SQLite database.
    let storage: QuadDatabase
    /// The documents' bytes.
    let blobs: BlobStore
    /// One blob's commit and row, or one blob's last row and removal, at a time: an upload of the same bytes as a
    /// document being deleted never sees its blob removed under its new row.
    let blobGate = KeyedGate()
    /// Held by each backup while it copies the database and then the blobs it names (``backUp(copyDatabase:)``).
    let removals = BlobRemovalHold()

    /// Document `id`, or nil.
    func document(id: String) async throws -> DocumentRecord? {
        try await storage.read { db in try DocumentsStore.document(id: id, db) }
    }

    /// The documents of `ids` that exist, in the order asked.
    func documents(ids: [String]) async throws -> [DocumentRecord] {
        try await storage.read { db in try ids.compactMap { try DocumentsStore.document(id: $0, db) } }
    }

    /// A page of `owner`'s documents, newest first.
    func documents(
        of owner: DocumentOwner,
        limit: Int,
        after cursor: DocumentCursor?
    ) async throws -> (documents: [DocumentRecord], next: DocumentCursor?) {
        try await storage.read { db in try DocumentsStore.documents(of: owner, limit: limit, after: cursor, db) }
    }

    /// Keeps an uploaded document: its bytes (written by `writer`) made durable under their SHA-256, then its row
    /// with what it tells other contexts (``DocumentsOutbox``).
    func keep(_ record: DocumentRecord, bytes writer: BlobWriter) async throws {
        try await blobGate.withKey(record.sha256) {
            try writer.commit(as: record.sha256)
            try await storage.write { db in
                try DocumentsStore.insert(record, db)
                try DocumentsOutbox.kept(record, at: record.uploadedAt, db)
            }
        }
    }

    /// Deletes document `record` at `now`: its row with what that tells other contexts, then its blob when no other
    /// row names it.
    func delete(_ record: DocumentRecord, at now: Int64) async throws {
        try await blobGate.withKey(record.sha256) {
            let shared = try await storage.write { db in
                try DocumentsOutbox.deleted(record, at: now, db)
                return try DocumentsStore.delete(id: record.id, sha256: record.sha256, db)
            }
            if !shared { try await removeUnnamedBlob(record.sha256) }
        }
    }

    /// `account.deleted`, applied once: every document of `user`'s profile (their pictures) and every position they
    /// reported as a driver (F5) go, rows in the delivery's transaction, then each blob no row names any more. A crash in between leaves only blobs no row
    /// names, which the sweep at start removes.
    func forgetProfile(of user: String, delivery: Quad_Types_V1_OutboxDelivery) async throws
        -> Quad_Types_V1_DeliveryReceipt
    {
        let gone = Mutex<[DocumentRecord]>([])
        let receipt = try await storage.receive(delivery) { db in
            let records = try DocumentsStore.deleteAll(of: DocumentOwner(kind: .profile, id: user), db)
            try PositionsStore.forget(driver: user, db)
            gone.withLock { $0 = records }
        }
        for sha256 in Set(gone.withLock { $0 }.map(\.sha256)).sorted() {
            try await removeIfUnnamed(sha256)
        }
        return receipt
    }

    /// Removes the blob of `sha256` if no row names it, checked under its address's gate (an upload of the same
    /// bytes may have named it again meanwhile) and after any running backup has copied it.
    private func removeIfUnnamed(_ sha256: String) async throws {
        try await blobGate.withKey(sha256) {
            guard try await !storage.read({ db in try DocumentsStore.names(sha256, db) }) else { return }
            try await removeUnnamedBlob(sha256)
        }
    }

    /// Removes the blob of `sha256`, which no row names any more; call it holding its address's gate. A backup
    /// running now may have copied the database before the last row went; it copies this blob after, so the blob
    /// stays until it has.
    private func removeUnnamedBlob(_ sha256: String) async throws {
        await removals.waitUntilReleased()
        try blobs.remove(sha256)
    }

    /// Removes the temporary files of uploads cut off and the blobs no row names (a crash between a blob and its
    /// row, or between a row's deletion and its blob's). Run at start, before serving.
    func sweepOrphans() async throws -> BlobStore.SweepReport {
        let named = try await storage.read { db in try DocumentsStore.addresses(db) }
        return try blobs.sweep(keeping: named)
    }
}
