internal import Crypto
internal import Foundation
internal import _CryptoExtras

/// Hashes passwords with scrypt, a memory-hard KDF, and a per-password random salt (DESIGN "Security").
///
/// The encoding names its parameters, `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (unpadded standard base64, as in
/// the PHC string format), so stored hashes keep verifying after the defaults change; ``needsRehash(_:)`` says
/// when to re-hash at the next successful login. Hashing costs about 128 MiB and a noticeable fraction of a
/// second at the OWASP parameters: call it off the event loop.
public struct PasswordHasher: Sendable {
    /// scrypt's cost parameters.
    public struct Parameters: Sendable, Hashable {
        /// log2 of the CPU/memory cost N.
        public var logN: Int
        /// Block size r.
        public var blockSize: Int
        /// Parallelism p.
        public var parallelism: Int
        /// Salt length in bytes.
        public var saltByteCount: Int
        /// Derived hash length in bytes.
        public var outputByteCount: Int

        /// Creates parameters: `logN` 1...20, salt 16...64 bytes, output 32...64 bytes.
        public init(
            logN: Int,
            blockSize: Int = 8,
            parallelism: Int = 1,
            saltByteCount: Int = 32,
            outputByteCount: Int = 32
        ) {
            precondition(
                EncodedPasswordHash.allowedLogN.contains(logN)
                    && EncodedPasswordHash.allowedSaltByteCount.contains(saltByteCount)
                    && EncodedPasswordHash.allowedHashByteCount.contains(outputByteCount),
                "scrypt parameters outside what stored hashes may use"
            )
            self.logN = logN
            self.blockSize = blockSize
            self.parallelism = parallelism
            self.saltByteCount = saltByteCount
            self.outputByteCount = outputByteCount
        }

        /// OWASP's scrypt recommendation: N = 2^17, r = 8, p = 1 (128 MiB), 32-byte salt and hash.
        public static let owasp = Parameters(logN: 17)

        /// The memory scrypt needs: 128 · N · r · p bytes.
        public var memoryByteCount: Int { 128 << logN * blockSize * parallelism }
    }

    /// The parameters new hashes use.
    public let parameters: Parameters

    /// Creates a hasher; keep the OWASP default outside tests.
    public init(parameters: Parameters = .owasp) {
        self.parameters = parameters
    }

    /// The encoded hash of a password, with a fresh salt from the system CSPRNG.
    ///
    /// The password is NFC-normalized first, so the same characters typed on different keyboards match.
    public func hash(_ password: String) throws -> String {
        let salt = SymmetricKey(size: SymmetricKeySize(bitCount: parameters.saltByteCount * 8))
            .withUnsafeBytes { Data($0) }
        let derived = try derive(password, salt: salt, parameters: parameters)
        return EncodedPasswordHash(parameters: parameters, salt: salt, hash: derived).encoded
    }

    /// Whether `password` matches `encoded`; `false` for a malformed or tampered encoding.
    ///
    /// Compares in constant time. Uses the parameters in the encoding, within sane bounds (a tampered row cannot
    /// make a login cost gigabytes).
    public func verify(_ password: String, against encoded: String) -> Bool {
        guard let stored = EncodedPasswordHash(encoded),
            let derived = try? derive(password, salt: stored.salt, parameters: stored.parameters)
        else { return false }
        return Self.constantTimeEquals(derived, stored.hash)
    }

    /// Spends the same time as ``verify(_:against:)`` on a wrong password, for logins with an unknown email, so
    /// the response time does not reveal which emails have accounts (A2).
    public func dummyVerify(_ password: String) {
        _ = verify(password, against: dummyHash)
    }

    /// Whether `encoded` was made with other parameters than ``parameters`` (or is unreadable).
    public func needsRehash(_ encoded: String) -> Bool {
        EncodedPasswordHash(encoded)?.parameters != parameters
    }

    private var dummyHash: String {
        // A fixed salt is fine: nothing is ever accepted against this hash.
        let salt = Data(repeating: 0x5A, count: parameters.saltByteCount)
        let hash = Data(repeating: 0, count: parameters.outputByteCount)
        return EncodedPasswordHash(parameters: parameters, salt: salt, hash: hash).encoded
    }

    private func derive(_ password: String, salt: Data, parameters: Parameters) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.precomposedStringWithCanonicalMapping.utf8),
            salt: salt,
            outputByteCount: parameters.outputByteCount,
            rounds: 1 << parameters.logN,
            blockSize: parameters.blockSize,
            parallelism: parameters.parallelism
        )
        return key.withUnsafeBytes { Data($0) }
    }

    /// Byte equality whose time depends only on the length, not on where the bytes differ.
    static func constantTimeEquals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) {
            difference |= left ^ right
        }
        return difference == 0
    }
}
