internal import Crypto
public import Foundation

/// Opaque refresh tokens: random, shown to the client once, stored only as a hash.
public enum RefreshTokens {
    /// How long a refresh token may be used.
    public static let lifetime: Duration = .seconds(30 * 24 * 3600)

    /// A new token: 32 bytes from the system CSPRNG, unpadded base64url (43 characters).
    public static func generate() -> String {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        return bytes.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// What is stored for a token: its SHA-256, lowercase hex. A leaked table yields no usable token, and the
    /// token's 256 bits of entropy make a slow hash unnecessary.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Issues a token and its record: `familyID` is the rotated token's family, or a new id at login.
    public static func issue(
        id: String,
        familyID: String,
        userID: String,
        now: Date,
        lifetime: Duration = RefreshTokens.lifetime
    ) -> IssuedRefreshToken {
        let token = generate()
        let record = RefreshTokenRecord(
            id: id,
            familyID: familyID,
            userID: userID,
            hash: hash(token),
            issuedAt: now,
            expiresAt: now.addingTimeInterval(lifetime.timeInterval)
        )
        return IssuedRefreshToken(token: token, record: record)
    }
}

/// A refresh token to hand to the client and the record to store for it.
public struct IssuedRefreshToken: Sendable, Hashable {
    /// The token in clear; never stored.
    public var token: String
    /// What is stored.
    public var record: RefreshTokenRecord
}
