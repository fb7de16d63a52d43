public import Crypto
public import Foundation

/// Signs short-lived access tokens with identity's Ed25519 key.
///
/// A token is a compact JWS: `{"alg":"EdDSA","typ":"at+jwt","kid":...}` over ``AccessTokenClaims``.
/// The gateway verifies it locally with ``AccessTokenVerifier`` and the public key from
/// `GetTokenVerificationKey`, so nothing in the token may be secret.
public struct AccessTokenSigner: Sendable {
    /// The signing key; its public half is ``publicKey``.
    public let privateKey: Curve25519.Signing.PrivateKey
    /// The `kid` header: which key signed, so keys can rotate.
    public let keyID: String
    /// The `iss` claim.
    public let issuer: String
    /// The `aud` claim.
    public let audience: String
    /// How long a token is accepted after it is signed.
    public let lifetime: Duration

    /// The JWS algorithm name of every token this signer makes.
    public static let algorithm = JOSEHeader.algorithm

    /// The key a verifier needs.
    public var publicKey: Curve25519.Signing.PublicKey { privateKey.publicKey }

    /// Creates a signer.
    ///
    /// - Parameter lifetime: keep it short (minutes): the gateway refuses the tokens of a revoked
    ///   session, but a service called directly only checks the expiry.
    public init(
        privateKey: Curve25519.Signing.PrivateKey,
        keyID: String,
        issuer: String,
        audience: String,
        lifetime: Duration = .seconds(15 * 60)
    ) {
        self.privateKey = privateKey
        self.keyID = keyID
        self.issuer = issuer
        self.audience = audience
        self.lifetime = lifetime
    }

    /// Signs a token for a user's session `sessionID`, valid from `now` for ``lifetime``.
    ///
    /// `now` is truncated to whole seconds, since JWT times are whole seconds; the returned claims are
    /// exactly those a verifier decodes.
    public func sign(
        subject: String,
        roles: [String],
        campus: String,
        dorm: String,
        sessionID: String? = nil,
        now: Date
    ) throws -> SignedAccessToken {
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let claims = AccessTokenClaims(
            subject: subject,
            roles: roles,
            campus: campus,
            dorm: dorm,
            issuer: issuer,
            audience: audience,
            issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(lifetime.timeInterval),
            tokenID: UUID().uuidString.lowercased(),
            sessionID: sessionID
        )
        return SignedAccessToken(token: try sign(claims), claims: claims)
    }

    /// Signs the given claims as they are, for callers (and tests) that build claims themselves.
    public func sign(_ claims: AccessTokenClaims) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = JOSEHeader(alg: JOSEHeader.algorithm, typ: JOSEHeader.type, kid: keyID)
        let signingInput =
            Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature = try privateKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
