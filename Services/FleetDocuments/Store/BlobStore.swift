import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Documents' bytes, content-addressed on disk beside the database (DESIGN.md, Storage): a blob's name is its
/// SHA-256, so two uploads of the same bytes keep one blob.
///
/// A blob is written to a temporary file under `tmp/`, fsync'd, then renamed to `<aa>/<sha256>` and its directory
/// fsync'd: a blob is whole under its name or absent. The metadata row is written after the rename, so a crash in
/// between leaves a blob without a row (never a row without its blob); ``sweep(keeping:)`` removes those and any
/// temporary file, at start before anything is served. Directories are owner-only (0700), files 0600.
public struct BlobStore: Sendable {
    /// The root: `tmp/` for uploads in progress, and one directory per first byte of the address.
    public let directory: String

    /// Opens (creating when missing) the store at `directory`.
    public init(directory: String) throws(BlobStoreError) {
        self.directory = directory
        try Self.makeDirectory(directory)
        try Self.makeDirectory(directory + "/tmp")
    }

    /// Where the blob of `sha256` lives.
    public func path(of sha256: String) throws(BlobStoreError) -> String {
        guard sha256.count == 64, sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { throw BlobStoreError("not a SHA-256 in lowercase hex: \(sha256)") }
        return directory + "/" + sha256.prefix(2) + "/" + sha256
    }

    /// Whether the blob of `sha256` is stored.
    public func contains(_ sha256: String) throws(BlobStoreError) -> Bool {
        access(try path(of: sha256), F_OK) == 0
    }

    /// Starts writing a new blob into a temporary file of its own.
    public func makeWriter() throws(BlobStoreError) -> BlobWriter {
        try BlobWriter(store: self)
    }

    /// Opens the blob of `sha256` to read it in chunks.
    public func reader(for sha256: String) throws(BlobStoreError) -> BlobReader {
        try BlobReader(path: try path(of: sha256))
    }

    /// Removes the blob of `sha256` (nothing when it is absent).
    public func remove(_ sha256: String) throws(BlobStoreError) {
        let path = try path(of: sha256)
        guard unlink(path) == 0 || errno == ENOENT else { throw BlobStoreError.posix("remove \(path)") }
    }

    /// Every blob stored, by SHA-256.
    public func addresses() throws(BlobStoreError) -> Set<String> {
        var found: Set<String> = []
        for shard in try Self.entries(of: directory) where shard.count == 2 {
            for name in try Self.entries(of: directory + "/" + shard) where name.hasPrefix(shard) && name.count == 64 {
                found.insert(name)
            }
        }
        return found
    }

    /// What a sweep removed.
    public struct SweepReport: Sendable, Hashable {
        /// Blobs no row names (a crash after the rename, before the row).
        public var orphanBlobs: [String] = []
        /// Temporary files of uploads that never finished.
        public var temporaryFiles: Int = 0

        public init(orphanBlobs: [String] = [], temporaryFiles: Int = 0) {
            self.orphanBlobs = orphanBlobs
            self.temporaryFiles = temporaryFiles
        }
    }

    /// Removes every temporary file and every blob not in `keeping` (the addresses the metadata names). Run it when
    /// no upload is in progress: at start, before serving.
    public func sweep(keeping: Set<String>) throws(BlobStoreError) -> SweepReport {
        var report = SweepReport()
        for name in try Self.entries(of: directory + "/tmp") {
            let path = directory + "/tmp/" + name
            guard unlink(path) == 0 || errno == ENOENT else { throw BlobStoreError.posix("remove \(path)") }
            report.temporaryFiles += 1
        }
        for address in try addresses().subtracting(keeping).sorted() {
            try remove(address)
            report.orphanBlobs.append(address)
        }
        return report
    }

    static func makeDirectory(_ path: String) throws(BlobStoreError) {
        if mkdir(path, 0o700) != 0 {
            guard errno == EEXIST else { throw BlobStoreError.posix("create the directory \(path)") }
        }
        guard chmod(path, 0o700) == 0 else { throw BlobStoreError.posix("make \(path) owner-only") }
    }

    static func entries(of path: String) throws(BlobStoreError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw BlobStoreError("list \(path): \(error.localizedDescription)")
        }
    }

    /// Makes a rename or an unlink in `path` durable.
    static func syncDirectory(_ path: String) throws(BlobStoreError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw BlobStoreError.posix("open \(path)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BlobStoreError.posix("fsync \(path)") }
    }
}

/// What went wrong on disk, with the operation and the system's reason.
public struct BlobStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }

    static func posix(_ operation: String) -> BlobStoreError {
        BlobStoreError("\(operation): \(String(cString: strerror(errno)))")
    }
}
