import Foundation
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension IdentityService {
    /// For operators only (`quad rotate-key`): a new signing key signs from now on; the
    /// previous keys keep verifying until their last tokens expire, at most
    /// ``SigningKeyVault/maximumVerifyingKeys`` at once (the oldest retired key goes first). The interceptor lets only
    /// deployment certificates through (service_only); this lets only operators' client
    /// certificates through, as Backup does.
    public func rotateSigningKey(
        request: Quad_Identity_V1_RotateSigningKeyRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_RotateSigningKeyResponse {
        try context.requireOperator(
            "rotating the signing key is for operators: call with a client certificate of the deployment"
        )
        let now = clock.date
        let kek = keyEncryptionKey
        let window = keyring.verifyingWindow
        let loaded = try await database.rotateSigningKey(kek: kek, now: now, window: window)
        keyring.replace(with: loaded)
        context.logger.notice("signing key rotated", metadata: ["key_id": "\(loaded.keyID)"])
        return .with {
            $0.keyID = loaded.keyID
            $0.rotatedAtMicros = now.micros
            $0.verifyingKeyIds = loaded.verifying.map(\.keyID)
        }
    }
}
