import Foundation
internal import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension QuadDatabase {
    /// Writes an online copy of the database to `path` while reads and writes go on.
    ///
    /// The copy is one consistent snapshot taken with SQLite's backup API, in rollback-journal
    /// mode so it is a single self-contained file. It is written beside `path` and renamed into
    /// place, so `path` never holds a half-written copy. To restore, open the copy.
    ///
    /// - Throws: ``StorageError`` `.backupFailed`.
    public func backup(to path: String) async throws {
        let partialPath = path + ".partial"
        do {
            try? FileManager.default.removeItem(atPath: partialPath)
            // Owner-only, like the database it copies: the directory tightened if it is looser,
            // the file made 0600 before SQLite opens it. (A missing directory still fails below.)
            _ = chmod(URL(fileURLWithPath: path).deletingLastPathComponent().path, FilePermissions.directory)
            FilePermissions.ensurePrivateDatabaseFile(partialPath)
            try await pool.read { source in
                let copy = try DatabaseQueue(path: partialPath)
                try copy.writeWithoutTransaction { destination in
                    try source.backup(to: destination)
                    // The copied header says WAL; a backup is easier to move around as one file.
                    try destination.execute(sql: "PRAGMA journal_mode = DELETE")
                }
                try copy.close()
            }
            guard rename(partialPath, path) == 0 else {
                throw StorageError(code: .backupFailed, message: "rename failed with errno \(errno)")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: partialPath)
            throw StorageError(
                code: .backupFailed,
                message: "could not write a backup of \(configuration.path) to \(path); check that its directory "
                    + "exists, is writable and has room",
                underlying: error
            )
        }
    }
}
