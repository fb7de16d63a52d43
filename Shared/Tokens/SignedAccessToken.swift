/// An access token and the claims signed into it.
public struct SignedAccessToken: Sendable, Hashable {
    /// The compact JWS (`header.payload.signature`), sent as `authorization: Bearer <token>`.
    public var token: String
    /// The claims in ``token``; `expiresAt` goes into `Session.access_token_expires_at_micros`.
    public var claims: AccessTokenClaims

    /// Pairs a token with its claims.
    public init(token: String, claims: AccessTokenClaims) {
        self.token = token
        self.claims = claims
    }
}
