public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One blob being written: its bytes go to a temporary file of its own; ``commit(as:)`` makes them durable under
/// their address, ``abandon()`` removes them. Owned by one upload at a time: it is handed from the task that writes
/// the chunks to the one that commits (hence `@unchecked Sendable`), never used by two at once.
public final class BlobWriter: @unchecked Sendable {
    private let store: BlobStore
    /// The temporary file's path.
    public let temporaryPath: String
    private var descriptor: Int32
    /// Bytes written so far.
    public private(set) var size = 0
    /// How far the kernel was asked to start writing back (``startWriteback()``).
    private var writebackStarted = 0

    /// Writeback is started every this many bytes, so the commit's fsync finds little left to write.
    static let writebackInterval = 4 << 20

    init(store: BlobStore) throws(BlobStoreError) {
        self.store = store
        temporaryPath = store.directory + "/tmp/" + UUID().uuidString + ".part"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BlobStoreError.posix("create \(temporaryPath)") }
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    /// Appends `bytes`.
    public func write(_ bytes: some DataProtocol) throws(BlobStoreError) {
        guard descriptor >= 0 else { throw BlobStoreError("the blob was committed or abandoned already") }
        for region in bytes.regions {
            try Self.writeAll(region, to: descriptor, path: temporaryPath)
            size += region.count
        }
        if size - writebackStarted >= Self.writebackInterval { startWriteback() }
    }

    /// Asks the kernel to start writing what was written since the last call back to the disk, without waiting
    /// (Linux's `sync_file_range` with `SYNC_FILE_RANGE_WRITE`): the disk works while the upload goes on, and the
    /// commit's fsync, which still makes the blob durable, has only the last few megabytes to wait for. Where the
    /// call is missing, or fails, the fsync does it all, as before.
    private func startWriteback() {
        if let syncFileRange = Self.syncFileRange {
            _ = syncFileRange(descriptor, Int64(writebackStarted), Int64(size - writebackStarted), 2)
        }
        writebackStarted = size
    }

    /// glibc's `sync_file_range`, which Swift's Glibc module does not export; 2 is `SYNC_FILE_RANGE_WRITE`.
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
    }()

    /// Writes all of `bytes` to the open file `descriptor` (a short write goes on, an interrupted one is retried).
    static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32, path: String) throws(BlobStoreError) {
        let failed: Bool = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed { throw BlobStoreError.posix("write \(path)") }
    }

    /// Makes the bytes durable as the blob of `sha256` (fsync, rename, fsync of the directory). When that blob is
    /// stored already (the same bytes uploaded before), the temporary file is removed and the stored one kept.
    public func commit(as sha256: String) throws(BlobStoreError) {
        guard descriptor >= 0 else { throw BlobStoreError("the blob was committed or abandoned already") }
        let target = try store.path(of: sha256)
        guard fsync(descriptor) == 0 else { throw BlobStoreError.posix("fsync \(temporaryPath)") }
        close(descriptor)
        descriptor = -1
        let shard = (target as NSString).deletingLastPathComponent
        try BlobStore.makeDirectory(shard)
        guard rename(temporaryPath, target) == 0 else {
            let failure = BlobStoreError.posix("rename \(temporaryPath) to \(target)")
            unlink(temporaryPath)
            throw failure
        }
        try BlobStore.syncDirectory(shard)
    }

    /// Removes what was written; nothing is kept.
    public func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }
}

/// A stored blob read in chunks, start to end.
public final class BlobReader {
    private var descriptor: Int32
    /// The blob's size in bytes.
    public let size: Int

    init(path: String) throws(BlobStoreError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BlobStoreError.posix("open \(path)") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            Glibc.close(descriptor)
            throw BlobStoreError.posix("stat \(path)")
        }
        size = Int(status.st_size)
    }

    deinit { close() }

    /// The next at most `maximum` bytes; empty at the end.
    public func read(upTo maximum: Int) throws(BlobStoreError) -> Data {
        guard descriptor >= 0 else { return Data() }
        var data = Data(count: maximum)
        let count = data.withUnsafeMutableBytes { raw -> Int in
            while true {
                let read = Glibc.read(descriptor, raw.baseAddress!, maximum)
                if read < 0, errno == EINTR { continue }
                return read
            }
        }
        guard count >= 0 else { throw BlobStoreError.posix("read a blob") }
        data.count = count
        return data
    }

    /// Closes the file.
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
