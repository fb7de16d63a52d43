/// Why an access token was refused.
///
/// The gateway answers every refusal with `UNAUTHENTICATED` and puts ``message`` in the status, so a
/// client developer can see which check failed. Messages never contain the token itself.
public struct TokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The check that failed, in the order ``AccessTokenVerifier`` runs them.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Not three base64url parts of JSON, or too long.
        case malformed
        /// The header's `alg` is not `EdDSA` (this includes `none` and every HMAC algorithm).
        case unsupportedAlgorithm
        /// The header's `typ` is not `at+jwt`.
        case wrongType
        /// The header's `kid` names no key this verifier knows.
        case unknownKey
        /// The header carries a `crit` extension this verifier does not understand.
        case unsupportedCriticalHeader
        /// The Ed25519 signature does not verify.
        case badSignature
        /// The claims are signed but not the claims of an access token.
        case malformedClaims
        /// `token_use` is not `access`.
        case wrongTokenUse
        /// `iss` is not the expected issuer.
        case wrongIssuer
        /// `aud` is not the expected audience.
        case wrongAudience
        /// `exp` (plus leeway) has passed.
        case expired
        /// `iat` (minus leeway) is still in the future.
        case notYetValid
    }

    /// The check that failed.
    public var reason: Reason
    /// What happened and what the client should do about it.
    public var message: String

    /// Creates an error for a failed check.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The reason and message, e.g. `expired: the access token expired at ...`.
    public var description: String { "\(reason.rawValue): \(message)" }
}
