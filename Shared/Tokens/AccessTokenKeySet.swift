public import Foundation

/// The keys that verify access tokens now: identity's signing key and the keys it replaced
/// whose tokens may not have expired (keys rotate). A token is verified with the key its
/// `kid` names; a `kid` naming none of them is ``TokenError/Reason/unknownKey``.
public struct AccessTokenKeySet: Sendable {
    /// Key id to its verifier.
    public let verifiers: [String: AccessTokenVerifier]

    /// A set of verifiers; the last of two with the same key id wins.
    public init(_ verifiers: [AccessTokenVerifier]) {
        self.verifiers = Dictionary(verifiers.map { ($0.keyID, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The key ids, sorted.
    public var keyIDs: [String] { verifiers.keys.sorted() }

    /// Returns the claims of a valid token, or throws which check failed.
    public func verify(_ token: String, now: Date) throws(TokenError) -> AccessTokenClaims {
        // Only the `kid` is read here, to choose the verifier; the verifier checks the header again,
        // so a token that is not even a JWS gets the verifier's own reason.
        let keyID = AccessTokenVerifier.keyID(of: token)
        guard let verifier = keyID.flatMap({ verifiers[$0] }) ?? (keyID == nil ? verifiers.values.first : nil) else {
            throw TokenError(
                .unknownKey,
                "the access token names an unknown key; fetch GetTokenVerificationKey again or sign in again"
            )
        }
        return try verifier.verify(token, now: now)
    }
}
