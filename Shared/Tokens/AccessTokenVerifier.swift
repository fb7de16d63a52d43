public import Crypto
public import Foundation

/// Verifies access tokens signed by ``AccessTokenSigner``, following RFC 8725 (JWT best practices).
///
/// The algorithm is fixed (`EdDSA`): the header's `alg` is checked, never used to choose how to verify,
/// so `none` and HMAC-with-the-public-key tricks are refused. Checks run in the order of
/// ``TokenError/Reason``; the first failure is thrown.
public struct AccessTokenVerifier: Sendable {
    /// Tokens longer than this are refused before any decoding.
    public static let maximumTokenLength = 8 * 1024

    /// The key tokens must be signed with.
    public let publicKey: Curve25519.Signing.PublicKey
    /// The `kid` tokens must carry.
    public let keyID: String
    /// The `iss` tokens must carry.
    public let issuer: String
    /// The `aud` tokens must carry.
    public let audience: String
    /// Clock skew tolerated on `exp` and `iat`.
    public let leeway: Duration

    /// Creates a verifier for one key.
    public init(
        publicKey: Curve25519.Signing.PublicKey,
        keyID: String,
        issuer: String,
        audience: String,
        leeway: Duration = .seconds(30)
    ) {
        self.publicKey = publicKey
        self.keyID = keyID
        self.issuer = issuer
        self.audience = audience
        self.leeway = leeway
    }

    /// Returns the claims of a valid token, or throws which check failed.
    public func verify(_ token: String, now: Date) throws(TokenError) -> AccessTokenClaims {
        guard token.utf8.count <= Self.maximumTokenLength else {
            throw TokenError(.malformed, "the access token is longer than \(Self.maximumTokenLength) bytes")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, let headerBytes = Base64URL.decode(parts[0]),
            let payloadBytes = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2])
        else {
            throw TokenError(.malformed, "the access token is not three base64url parts (header.payload.signature)")
        }
        // An empty signature gets this far on purpose: `alg: none` tokens are refused for their algorithm.
        guard let header = try? JSONDecoder().decode(JOSEHeader.self, from: headerBytes) else {
            throw TokenError(.malformed, "the access token's header is not a JSON object with an `alg`")
        }
        try check(header)

        let signingInput = Data(token.utf8[..<parts[1].endIndex])
        guard publicKey.isValidSignature(signature, for: signingInput) else {
            throw TokenError(.badSignature, "the access token's signature does not verify; sign in again")
        }
        // Parsed only after the signature holds: nothing unauthenticated reaches the claim checks.
        guard let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: payloadBytes) else {
            throw TokenError(.malformedClaims, "the access token's claims are missing or of the wrong type")
        }
        try check(claims, now: now)
        return claims
    }

    /// The `kid` of a token's header, unverified (to choose the key to verify with); nil when
    /// the token is too long, has no decodable header, or the header names no key.
    public static func keyID(of token: String) -> String? {
        guard token.utf8.count <= maximumTokenLength, let dot = token.firstIndex(of: "."),
            let bytes = Base64URL.decode(token[..<dot]),
            let header = try? JSONDecoder().decode(JOSEHeader.self, from: bytes)
        else { return nil }
        return header.kid
    }

    private func check(_ header: JOSEHeader) throws(TokenError) {
        guard header.alg == JOSEHeader.algorithm else {
            // The header is not authenticated yet, so none of it is echoed back.
            throw TokenError(.unsupportedAlgorithm, "the access token's `alg` is not \"EdDSA\", the only one accepted")
        }
        // RFC 8725 section 3.11: explicit typing, so other JWTs cannot pass as access tokens.
        let type = header.typ?.lowercased()
        guard type == JOSEHeader.type || type == "application/" + JOSEHeader.type else {
            throw TokenError(.wrongType, "the token's `typ` is not \"at+jwt\"; it is not an access token")
        }
        guard header.kid == keyID else {
            throw TokenError(
                .unknownKey,
                "the access token names an unknown key; fetch GetTokenVerificationKey again or sign in again"
            )
        }
        guard header.crit == nil else {
            throw TokenError(
                .unsupportedCriticalHeader,
                "the access token has a `crit` header, which is not supported"
            )
        }
    }

    private func check(_ claims: AccessTokenClaims, now: Date) throws(TokenError) {
        guard claims.tokenUse == AccessTokenClaims.accessTokenUse else {
            throw TokenError(.wrongTokenUse, "the token's `token_use` is not \"access\"; send the access token")
        }
        guard claims.issuer == issuer else {
            throw TokenError(.wrongIssuer, "the access token was issued by another issuer than \"\(issuer)\"")
        }
        guard claims.audience == audience else {
            throw TokenError(.wrongAudience, "the access token is meant for another audience than \"\(audience)\"")
        }
        let leeway = leeway.timeInterval
        guard now.timeIntervalSince(claims.expiresAt) < leeway else {
            throw TokenError(
                .expired,
                "the access token expired at \(claims.expiresAt.formatted(.iso8601)); refresh the session"
            )
        }
        guard claims.issuedAt.timeIntervalSince(now) <= leeway else {
            throw TokenError(
                .notYetValid,
                "the access token is issued in the future (\(claims.issuedAt.formatted(.iso8601))); check the clock"
            )
        }
    }
}
