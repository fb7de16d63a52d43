import Crypto
import FleetDocumentsDomain
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies the blobs a database copy's rows name into `<copy>.blobs/<aa>/<sha256>` (the layout of ``BlobStore``,
/// without `tmp/`), owner-only (directories 0700, files 0600), each checked against its SHA-256 as it is copied and
/// made durable. A restore puts the copy back as the database and the directory as the blob directory.
enum BlobBackup {
    /// Copies from `blobs` every blob named by a row of the database copy at `copy`; returns the directory written.
    /// Nothing is left behind when it fails.
    static func copyBlobs(namedBy copy: String, from blobs: BlobStore) throws -> String {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: copy, configuration: configuration)
        let addresses = try queue.read { db in try DocumentsStore.addresses(db) }
        try queue.close()
        let target = copy + ".blobs"
        // Exclusive: the directory is named after a copy just made, so one that exists is another backup's.
        guard mkdir(target, 0o700) == 0 else { throw BlobStoreError.posix("create the directory \(target)") }
        do {
            var shards: Set<String> = []
            for address in addresses.sorted() {
                let shard = target + "/" + address.prefix(2)
                if shards.insert(shard).inserted { try BlobStore.makeDirectory(shard) }
                try copyBlob(address, from: blobs, to: shard + "/" + address)
            }
            for shard in shards { try BlobStore.syncDirectory(shard) }
            try BlobStore.syncDirectory(target)
            return target
        } catch {
            try? FileManager.default.removeItem(atPath: target)
            throw error
        }
    }

    /// Copies the blob of `sha256` to `path` (a new file, 0600), hashing what it reads; fails when the bytes are not
    /// those of `sha256` (the store's copy is damaged), and makes the copy durable.
    private static func copyBlob(_ sha256: String, from blobs: BlobStore, to path: String) throws {
        let reader = try blobs.reader(for: sha256)
        defer { reader.close() }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BlobStoreError.posix("create \(path)") }
        defer { close(descriptor) }
        var hasher = SHA256()
        while true {
            let chunk = try reader.read(upTo: 1 << 20)
            if chunk.isEmpty { break }
            hasher.update(data: chunk)
            try BlobWriter.writeAll(chunk, to: descriptor, path: path)
        }
        let digest = hasher.finalize().lowercaseHex
        guard digest == sha256 else {
            throw BlobStoreError(
                "the blob \(sha256) in \(blobs.directory) reads as \(digest): it is damaged; restore it from an "
                    + "earlier backup before backing up again"
            )
        }
        guard fsync(descriptor) == 0 else { throw BlobStoreError.posix("fsync \(path)") }
    }
}
