internal import Foundation

/// The stored form of a password hash: `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`.
struct EncodedPasswordHash: Equatable {
    /// Bounds on parameters read from storage: a tampered row must not make verification unbounded.
    static let allowedLogN = 1...20
    static let allowedBlockSize = 1...32
    static let allowedParallelism = 1...16
    static let allowedSaltByteCount = 16...64
    /// Never fewer than 32: a shorter prefix of a valid hash would verify too, with less security.
    static let allowedHashByteCount = 32...64

    var parameters: PasswordHasher.Parameters
    var salt: Data
    var hash: Data

    init(parameters: PasswordHasher.Parameters, salt: Data, hash: Data) {
        self.parameters = parameters
        self.salt = salt
        self.hash = hash
    }

    /// Parses an encoding; `nil` if any part is missing, malformed or out of bounds.
    init?(_ encoded: String) {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt",
            let salt = Self.decode(parts[3]), let hash = Self.decode(parts[4]),
            Self.allowedSaltByteCount.contains(salt.count), Self.allowedHashByteCount.contains(hash.count)
        else { return nil }
        var values: [Substring: Int] = [:]
        for pair in parts[2].split(separator: ",", omittingEmptySubsequences: false) {
            let keyValue = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard keyValue.count == 2, values[keyValue[0]] == nil, let value = Int(keyValue[1]) else { return nil }
            values[keyValue[0]] = value
        }
        guard values.count == 3, let logN = values["ln"], let blockSize = values["r"],
            let parallelism = values["p"], Self.allowedLogN.contains(logN),
            Self.allowedBlockSize.contains(blockSize), Self.allowedParallelism.contains(parallelism)
        else { return nil }
        self.parameters = PasswordHasher.Parameters(
            logN: logN,
            blockSize: blockSize,
            parallelism: parallelism,
            saltByteCount: salt.count,
            outputByteCount: hash.count
        )
        self.salt = salt
        self.hash = hash
    }

    var encoded: String {
        let settings = "ln=\(parameters.logN),r=\(parameters.blockSize),p=\(parameters.parallelism)"
        return "$scrypt$\(settings)$\(Self.encode(salt))$\(Self.encode(hash))"
    }

    private static func encode(_ bytes: Data) -> String {
        var text = bytes.base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    private static func decode(_ text: Substring) -> Data? {
        guard !text.contains("="), text.utf8.count % 4 != 1 else { return nil }
        return Data(base64Encoded: text + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4))
    }
}
