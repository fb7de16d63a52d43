public import Crypto
import Foundation
import QuadStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key that encrypts identity's token-signing keys at rest (AES-256-GCM), kept outside
/// the database so that a copy of the database or of a backup yields no usable signing key.
///
/// It comes from the configuration (`--signing-key-encryption-key`, or better the environment
/// variable `QUAD_SIGNING_KEY_ENCRYPTION_KEY`: 32 bytes, base64) or else from the file
/// ``fileName`` beside the certificates, which is made (0600, 32 random bytes) on first run.
public enum KeyEncryptionKey {
    /// The file beside the certificates.
    public static let fileName = "identity-signing-kek.key"

    /// Why a key-encryption key cannot be loaded.
    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The configured key when `configured` is not empty, else the one in `directory`'s
    /// ``fileName`` (made on first run); the file's mode is tightened to 0600 if it was looser.
    public static func load(configured: String, directory: String) throws -> SymmetricKey {
        if !configured.isEmpty {
            return try decode(configured, source: "QUAD_SIGNING_KEY_ENCRYPTION_KEY")
        }
        let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
        try FilePermissions.ensurePrivateDirectory(directory)
        if !FileManager.default.fileExists(atPath: path) {
            let key = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
            // O_EXCL: two processes starting at once never overwrite each other's key.
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if descriptor >= 0 {
                let bytes = Array((key + "\n").utf8)
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                guard written == bytes.count else {
                    try? FileManager.default.removeItem(atPath: path)
                    throw LoadError(description: "could not write the key-encryption key to \(path) (errno \(errno))")
                }
            } else if errno != EEXIST {
                throw LoadError(
                    description:
                        "could not create the key-encryption key \(path) (errno \(errno)); check the directory's permissions"
                )
            }
        }
        // Whatever made it, only the owner may read it.
        _ = chmod(path, 0o600)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw LoadError(description: "could not read the key-encryption key \(path); check its permissions")
        }
        return try decode(text, source: path)
    }

    static func decode(_ text: String, source: String) throws -> SymmetricKey {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32
        else {
            throw LoadError(
                description:
                    "the key-encryption key in \(source) must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)"
            )
        }
        return SymmetricKey(data: bytes)
    }
}
