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

    /// The key access tokens are verified with (for the gateway). Public.
    public func getTokenVerificationKey(
        request: Quad_Identity_V1_GetTokenVerificationKeyRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_TokenVerificationKey {
        .with {
            $0.keyID = signer.keyID
            $0.algorithm = "EdDSA"
            $0.publicKey = signer.publicKey.rawRepresentation
            $0.issuer = signer.issuer
            $0.audience = signer.audience
        }
    }
}
