import Foundation
import GRDB
import QuadStorage
import Testing

@Suite("Backup")
struct BackupTests {
    @Test("an online backup taken while writers run opens as a database with the committed rows")
    func backupWhileWriting() async throws {
        try await withTemporaryDirectory { directory in
            // Given 100 committed rows
            let database = try ItemsSchema.open(directory)
            for index in 0..<100 {
                try await database.write { db in try ItemsSchema.insert(db, "before-\(index)") }
            }
            let backupPath = "\(directory)/backup/items-copy.sqlite"
            try FileManager.default.createDirectory(atPath: "\(directory)/backup", withIntermediateDirectories: true)

            // When a backup is taken while 200 more writes are going on
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for index in 0..<200 {
                        try await database.write { db in try ItemsSchema.insert(db, "during-\(index)") }
                    }
                }
                group.addTask { try await database.backup(to: backupPath) }
                try await group.waitForAll()
            }
            try database.close()

            // Then the copy is a single self-contained file…
            #expect(!FileManager.default.fileExists(atPath: backupPath + ".partial"))
            let raw = try DatabaseQueue(path: backupPath)
            let (journalMode, integrity) = try await raw.read { db in
                (
                    try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                    try String.fetchOne(db, sql: "PRAGMA integrity_check")
                )
            }
            #expect(journalMode == "delete")
            #expect(integrity == "ok")
            try raw.close()
            // …which restores by opening it, with every row committed before the backup began
            let restored = try QuadDatabase(
                configuration: .defaults(path: backupPath),
                migrator: ItemsSchema.migrator
            )
            let names = try await ItemsSchema.names(restored)
            #expect(names.isSuperset(of: Set((0..<100).map { "before-\($0)" })))
            #expect(names.count <= 300)
            try await restored.write { db in try ItemsSchema.insert(db, "after-restore") }
            try restored.close()
        }
    }

    @Test("a backup to a directory that does not exist fails with code backupFailed")
    func backupToMissingDirectory() async throws {
        try await withTemporaryDirectory { directory in
            // Given a database
            let database = try ItemsSchema.open(directory)

            // When it is backed up into a missing directory, Then the error says so
            let error = await #expect(throws: StorageError.self) {
                try await database.backup(to: "\(directory)/missing/copy.sqlite")
            }
            #expect(error?.code == .backupFailed)
            try database.close()
        }
    }
}
