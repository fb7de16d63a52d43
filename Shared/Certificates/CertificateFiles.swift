import Foundation

/// Reads and writes the files of a ``DevCertificateSet`` with the permissions keys need.
struct CertificateFiles {
    /// Owner read and write only: private keys.
    static let privatePermissions = 0o600
    /// World readable: certificates, which are public anyway.
    static let publicPermissions = 0o644
    /// Owner only: the directory, so nobody else can list, add or swap files in it.
    static let directoryPermissions = 0o700

    /// The absolute path of the directory.
    let directory: String

    private var fileManager: FileManager {
        FileManager.default
    }

    /// Creates the directory `0700` with any missing parents; an existing directory is left as it is.
    func createDirectory() throws(CertificateError) {
        var isDirectory: ObjCBool = false
        if self.fileManager.fileExists(atPath: self.directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CertificateError(
                    code: .fileSystem,
                    message: "\(self.directory) is a file, not a directory; choose another --out directory"
                )
            }
            return
        }
        try CertificateError.wrapping(.fileSystem, "could not create the directory \(self.directory)") {
            try self.fileManager.createDirectory(
                atPath: self.directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: Self.directoryPermissions]
            )
        }
    }

    /// Whether a file exists at `path`.
    func exists(_ path: String) -> Bool {
        self.fileManager.fileExists(atPath: path)
    }

    /// The UTF-8 text of the file at `path`.
    func read(_ path: String) throws(CertificateError) -> String {
        try CertificateError.wrapping(.fileSystem, "could not read \(path)") {
            try String(contentsOfFile: path, encoding: .utf8)
        }
    }

    /// Replaces the file at `path` with `text`, readable as `permissions` says.
    ///
    /// The bytes go into an empty temporary file that already has `permissions`, which is then renamed into
    /// place: a key is never readable by others, not even while it is being written.
    func write(_ text: String, to path: String, permissions: Int) throws(CertificateError) {
        let temporaryPath = "\(path).\(UInt32.random(in: .min ... .max)).tmp"
        try CertificateError.wrapping(.fileSystem, "could not write \(path)") {
            guard
                self.fileManager.createFile(
                    atPath: temporaryPath,
                    contents: nil,
                    attributes: [.posixPermissions: permissions]
                )
            else {
                throw CertificateError(code: .fileSystem, message: "could not create \(temporaryPath)")
            }
            do {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporaryPath))
                defer { try? handle.close() }
                try handle.write(contentsOf: Data(text.utf8))
                try handle.synchronize()
                // rename(2) replaces the file in one step: a process reloading its certificate reads
                // the old file or the whole new one, never none.
                guard rename(temporaryPath, path) == 0 else {
                    throw CertificateError(
                        code: .fileSystem,
                        message: "could not rename \(temporaryPath) to \(path): \(String(cString: strerror(errno)))"
                    )
                }
            } catch {
                try? self.fileManager.removeItem(atPath: temporaryPath)
                throw error
            }
        }
    }
}
