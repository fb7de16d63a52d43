import Crypto
import Foundation
import QuadTokens

/// A signer and a verifier for the same key, and helpers to forge tokens.
struct TokenFixtures {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    let key = Curve25519.Signing.PrivateKey()
    var signer: AccessTokenSigner {
        AccessTokenSigner(privateKey: key, keyID: "key-1", issuer: "quad-identity", audience: "quad")
    }
    var verifier: AccessTokenVerifier {
        AccessTokenVerifier(publicKey: key.publicKey, keyID: "key-1", issuer: "quad-identity", audience: "quad")
    }

    func signAda(now: Date = TokenFixtures.now) throws -> SignedAccessToken {
        try signer.sign(
            subject: "user-ada",
            roles: ["customer", "requester"],
            campus: "campus-northfield",
            dorm: "dorm-maple-hall",
            now: now
        )
    }

    /// Claims like `signAda`'s, to change one field of.
    func claims(now: Date = TokenFixtures.now) -> AccessTokenClaims {
        AccessTokenClaims(
            subject: "user-ada",
            roles: ["customer"],
            campus: "campus-northfield",
            dorm: "dorm-maple-hall",
            issuer: "quad-identity",
            audience: "quad",
            issuedAt: now,
            expiresAt: now.addingTimeInterval(900),
            tokenID: "jti-1"
        )
    }

    /// A token with any header, signed with Ed25519 by `key` (or by nobody when `signature` is given).
    func forge(header: String, claims: AccessTokenClaims? = nil, signature: [UInt8]? = nil) throws -> String {
        let payload = try JSONEncoder().encode(claims ?? self.claims())
        let input = Self.base64URL(Data(header.utf8)) + "." + Self.base64URL(payload)
        let signatureBytes = try signature ?? Array(key.signature(for: Data(input.utf8)))
        return input + "." + Self.base64URL(Data(signatureBytes))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
