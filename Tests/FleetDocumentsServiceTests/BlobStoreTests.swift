import FleetDocumentsService
import Foundation
import Testing

@Suite("The blob store: content-addressed, written whole or not at all (F7)")
struct BlobStoreTests {
    /// A store in a fresh temporary directory, removed after `body`.
    static func withStore(_ body: (BlobStore) throws -> Void) throws {
        let directory = NSTemporaryDirectory() + "quad-blobs-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(try BlobStore(directory: directory))
    }

    static let hashA = String(repeating: "a", count: 63) + "1"
    static let hashB = String(repeating: "b", count: 63) + "2"

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a committed blob is read back whole in chunks, under its address, owner-only")
    func roundTrip() throws {
        try Self.withStore { store in
            let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let writer = try store.makeWriter()
            try writer.write(bytes.prefix(100_000))
            try writer.write(bytes.dropFirst(100_000))
            try writer.commit(as: Self.hashA)
            #expect(try store.contains(Self.hashA))
            let path = try store.path(of: Self.hashA)
            #expect(path.hasSuffix("/aa/" + Self.hashA))
            #expect(try Self.mode(path) == 0o600)
            #expect(try Self.mode(store.directory) == 0o700)
            #expect(try Self.mode(store.directory + "/aa") == 0o700)
            let reader = try store.reader(for: Self.hashA)
            #expect(reader.size == bytes.count)
            var read = Data()
            while true {
                let chunk = try reader.read(upTo: 65_536)
                if chunk.isEmpty { break }
                #expect(chunk.count <= 65_536)
                read.append(chunk)
            }
            #expect(read == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory + "/tmp").isEmpty)
        }
    }

    @Test("the same bytes twice keep one blob")
    func deduplicates() throws {
        try Self.withStore { store in
            for _ in 0..<2 {
                let writer = try store.makeWriter()
                try writer.write(Data("same bytes".utf8))
                try writer.commit(as: Self.hashA)
            }
            #expect(try store.addresses() == [Self.hashA])
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory + "/tmp").isEmpty)
        }
    }

    @Test("an abandoned or dropped writer leaves nothing; a writer is not used after it ended")
    func abandon() throws {
        try Self.withStore { store in
            let writer = try store.makeWriter()
            try writer.write(Data(repeating: 1, count: 1_000))
            #expect(FileManager.default.fileExists(atPath: writer.temporaryPath))
            writer.abandon()
            #expect(!FileManager.default.fileExists(atPath: writer.temporaryPath))
            #expect(throws: BlobStoreError.self) { try writer.write(Data([1])) }
            #expect(throws: BlobStoreError.self) { try writer.commit(as: Self.hashA) }
            do {
                let dropped = try store.makeWriter()
                try dropped.write(Data([1, 2, 3]))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory + "/tmp").isEmpty)
            #expect(try store.addresses().isEmpty)
        }
    }

    @Test("the sweep removes temporary files and blobs no row names, and keeps the rest")
    func sweep() throws {
        try Self.withStore { store in
            for hash in [Self.hashA, Self.hashB] {
                let writer = try store.makeWriter()
                try writer.write(Data(hash.utf8))
                try writer.commit(as: hash)
            }
            // An upload cut off by a crash: its temporary file outlives the process.
            let cutOff = store.directory + "/tmp/" + UUID().uuidString + ".part"
            #expect(FileManager.default.createFile(atPath: cutOff, contents: Data([1, 2])))
            let report = try store.sweep(keeping: [Self.hashA])
            #expect(report.orphanBlobs == [Self.hashB])
            #expect(report.temporaryFiles == 1)
            #expect(try store.addresses() == [Self.hashA])
            #expect(try store.sweep(keeping: [Self.hashA]) == BlobStore.SweepReport())
        }
    }

    @Test("an address that is not a lowercase SHA-256 is refused, so no path escapes the store")
    func addresses() throws {
        try Self.withStore { store in
            for bad in ["", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "a", count: 63)] {
                #expect(throws: BlobStoreError.self) { _ = try store.path(of: bad) }
            }
            #expect(throws: BlobStoreError.self) { _ = try store.reader(for: Self.hashB) }
            try store.remove(Self.hashB)
        }
    }
}
