import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owner-only modes for what a service keeps on disk (issue 11 item 1): its data directory
/// 0700, its database, WAL, SHM and backups 0600, whatever the process's umask is.
public enum FilePermissions {
    static let directory: mode_t = 0o700
    static let file: mode_t = 0o600

    /// Creates `path` (and its parents) owner-only, and tightens it if it exists with looser modes.
    public static func ensurePrivateDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: path,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: Int(directory)]
        )
        _ = chmod(path, directory)
    }

    /// Creates `path` empty and owner-only if it does not exist, so that SQLite, which gives a
    /// database's WAL and SHM the mode of the database, makes them owner-only too; tightens
    /// `path` and its `-wal`, `-shm` and `-journal` siblings if they exist.
    static func ensurePrivateDatabaseFile(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT, file)
        if descriptor >= 0 { close(descriptor) }
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = chmod(path + suffix, file)
        }
    }
}
