import Crypto
import Foundation
import QuadTokens
import Synchronization

/// The signing key identity signs with now and the keys that verify, swapped as one when
/// the key rotates (``IdentityService/rotateSigningKey(request:context:)``).
final class SigningKeyring: Sendable {
    struct Keys: Sendable {
        var signer: AccessTokenSigner
        var verifiers: AccessTokenKeySet
        /// The current key first, then retired keys with when they stopped signing.
        var verifying: [SigningKeyVault.StoredKey]
    }

    private let keys: Mutex<Keys>
    let issuer: String
    let audience: String
    let lifetime: Duration

    init(_ loaded: SigningKeyVault.Loaded, issuer: String, audience: String, lifetime: Duration) {
        self.issuer = issuer
        self.audience = audience
        self.lifetime = lifetime
        keys = Mutex(Self.keys(loaded, issuer: issuer, audience: audience, lifetime: lifetime))
    }

    var current: Keys { keys.withLock { $0 } }

    func replace(with loaded: SigningKeyVault.Loaded) {
        let new = Self.keys(loaded, issuer: issuer, audience: audience, lifetime: lifetime)
        keys.withLock { $0 = new }
    }

    /// How long a retired key keeps verifying: the tokens it signed last live this long,
    /// plus the verifier's leeway and a margin for clocks.
    var verifyingWindow: Duration { lifetime + .seconds(60) }

    private static func keys(_ loaded: SigningKeyVault.Loaded, issuer: String, audience: String, lifetime: Duration)
        -> Keys
    {
        Keys(
            signer: AccessTokenSigner(
                privateKey: loaded.privateKey,
                keyID: loaded.keyID,
                issuer: issuer,
                audience: audience,
                lifetime: lifetime
            ),
            verifiers: AccessTokenKeySet(
                loaded.verifying.map {
                    AccessTokenVerifier(publicKey: $0.publicKey, keyID: $0.keyID, issuer: issuer, audience: audience)
                }
            ),
            verifying: loaded.verifying
        )
    }
}
