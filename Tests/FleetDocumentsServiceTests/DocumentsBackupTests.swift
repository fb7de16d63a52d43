import Foundation
import QuadContracts
import QuadStorage
import QuadWire
import Synchronization
import Testing

/// `quad backup` for fleet-documents (issue 13 item 1): the database copy and, beside it, every blob its rows name,
/// consistent while uploads and deletions go on.
@Suite("Documents' backup: the database copy with every blob its rows name")
struct DocumentsBackupTests {
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0)
            & 0o777
    }

    @Test(
        "the backup has every blob its rows name, byte for byte, owner-only; a second one in the same second is its own"
    )
    func everyBlob() async throws {
        try await DocumentsHarness.run { h in
            let first = pdf(size: 700_000)
            let second = pdf(size: 3_000, seed: 1)
            _ = try await h.upload(first, as: "cora")
            _ = try await h.upload(second, as: "dan")
            _ = try await h.upload(first, as: "dan")  // the same bytes again: one blob, two rows
            let gone = try await h.upload(pdf(size: 5_000, seed: 2), as: "cora")
            _ = try await h.as("cora") { try await $0.deleteDocument(.with { $0.documentID = gone.documentID }) }

            let backup = try await h.backUp()
            #expect(backup.extraPaths == [backup.path + ".blobs"])
            let (rows, blobs) = try backedUp(backup.path)
            #expect(rows.count == 3)
            #expect(blobs == [hex(first): first, hex(second): second])
            // Only what the rows name: the deleted document's blob is not copied.
            let shards = try FileManager.default.contentsOfDirectory(atPath: backup.path + ".blobs")
            let copied = try shards.flatMap {
                try FileManager.default.contentsOfDirectory(atPath: backup.path + ".blobs/" + $0)
            }
            #expect(Set(copied) == Set(blobs.keys))

            #expect(Self.mode(backup.path) == 0o600)
            #expect(Self.mode(backup.path + ".blobs") == 0o700)
            for shard in shards {
                #expect(Self.mode(backup.path + ".blobs/" + shard) == 0o700)
                for name in try FileManager.default.contentsOfDirectory(atPath: backup.path + ".blobs/" + shard) {
                    #expect(Self.mode(backup.path + ".blobs/" + shard + "/" + name) == 0o600)
                }
            }

            // The clock stands still: the same second, so a name of its own, with its own blobs beside it.
            let again = try await h.backUp()
            #expect(again.path != backup.path)
            #expect(again.path.hasSuffix("-2.sqlite"))
            #expect(again.extraPaths == [again.path + ".blobs"])
            #expect(try backedUp(again.path).blobs == blobs)
            #expect(try backedUp(backup.path).blobs == blobs)
        }
    }

    @Test("a document deleted while the backup runs keeps its blob in the backup; its blob goes once the backup ends")
    func deletedDuringTheBackup() async throws {
        try await DocumentsHarness.run { h in
            let kept = pdf(size: 40_000)
            let deleted = pdf(size: 60_000, seed: 3)
            _ = try await h.upload(kept, as: "cora")
            let doomed = try await h.upload(deleted, as: "cora")
            let live = h.blobDirectory + "/" + doomed.sha256.prefix(2) + "/" + doomed.sha256
            let copy = h.server.directory + "/during.sqlite"
            let deletion = Mutex<Task<Void, any Error>?>(nil)
            let extra = try await h.documents.backUp {
                try await h.database.backup(to: copy)
                // The copy has the row; now the document is deleted before its blob is copied.
                deletion.withLock { task in
                    task = Task {
                        _ = try await h.as("cora") {
                            try await $0.deleteDocument(.with { $0.documentID = doomed.documentID })
                        }
                    }
                }
                try await Self.waitUntil("the row deleted") { try await h.rowCount() == 1 }
                // The row is gone; the blob waits for the backup.
                #expect(FileManager.default.fileExists(atPath: live))
                return copy
            }
            #expect(extra == [copy + ".blobs"])
            try await #require(deletion.withLock { $0 }).value
            #expect(!FileManager.default.fileExists(atPath: live))
            let (rows, blobs) = try backedUp(copy)
            #expect(rows.count == 2)
            #expect(blobs[doomed.sha256] == deleted)
            #expect(blobs[hex(kept)] == kept)
        }
    }

    @Test("uploads and deletions while backups run: every row of each copy has its blob")
    func concurrentTraffic() async throws {
        try await DocumentsHarness.run { h in
            // A document nobody deletes: every copy has at least its row, however the deletions and uploads below
            // interleave with the backups (all twelve deletions may come before any upload).
            let anchor = try await h.upload(pdf(size: 50_000, seed: 200), as: "cora")
            var documents: [Quad_Documents_V1_Document] = []
            for index in 0..<12 {
                documents.append(try await h.upload(pdf(size: 20_000 + index * 1_000, seed: UInt8(index)), as: "cora"))
            }
            let before = documents
            let backups = try await withThrowingTaskGroup(of: [String].self) { group in
                for (index, document) in before.enumerated() {
                    group.addTask {
                        _ = try await h.as("cora") {
                            try await $0.deleteDocument(.with { $0.documentID = document.documentID })
                        }
                        // Some of the same bytes again, some new.
                        let seed = UInt8(index % 2 == 0 ? index : 100 + index)
                        _ = try await h.upload(pdf(size: 20_000 + index * 1_000, seed: seed), as: "dan")
                        return []
                    }
                    if index % 4 == 0 {
                        group.addTask { [try await h.backUp().path] }
                    }
                }
                var paths: [String] = []
                for try await path in group { paths += path }
                return paths
            }
            #expect(backups.count == 3)
            for copy in backups {
                let (rows, blobs) = try backedUp(copy)
                #expect(rows.contains { $0.id == anchor.documentID })
                #expect(Set(rows.map(\.sha256)) == Set(blobs.keys))
            }
            #expect(try await h.rowCount() == 13)
        }
    }

    /// Polls `condition` (another task's progress) until it holds, for at most a minute (a cap for a loaded machine).
    static func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
