import Foundation
public import QuadContracts
import IdentityDomain
public import QuadWire

extension IdentityService {
    /// A5: campuses with their email domains, dorms with washer and dryer prices. Public.
    public func listCampuses(
        request: Quad_Identity_V1_ListCampusesRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_ListCampusesResponse {
        .with { $0.campuses = directory.campuses.map(ProtoMapping.campus) }
    }

    /// The key access tokens are signed with, and every key that still verifies some (for
    /// the gateway, which refetches them when a token names a key it does not know). Public.
    public func getTokenVerificationKey(
        request: Quad_Identity_V1_GetTokenVerificationKeyRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_TokenVerificationKey {
        let keys = keyring.current
        // Retired keys only while tokens they signed may still be unexpired.
        let horizon = SigningKeyVault.horizon(now: clock.date, window: keyring.verifyingWindow)
        let verifying = keys.verifying.filter { ($0.retiredAt ?? .distantFuture) > horizon }
        return .with {
            $0.keyID = keys.signer.keyID
            $0.algorithm = "EdDSA"
            $0.publicKey = keys.signer.publicKey.rawRepresentation
            $0.issuer = keys.signer.issuer
            $0.audience = keys.signer.audience
            $0.verifyingKeys = verifying.map { key in
                .with {
                    $0.keyID = key.keyID
                    $0.algorithm = "EdDSA"
                    $0.publicKey = key.publicKey.rawRepresentation
                    $0.issuer = keys.signer.issuer
                    $0.audience = keys.signer.audience
                }
            }
        }
    }
}
