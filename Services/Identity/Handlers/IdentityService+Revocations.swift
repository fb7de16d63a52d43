import Foundation
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire

extension IdentityService {
    /// The most sessions one ListRevokedSessions answers (the gateway asks for the last hour).
    static let revokedSessionsLimit = 100_000

    /// For the gateway (service_only, checked by the interceptor): the sessions revoked since
    /// a time, oldest first, so a restarted gateway refuses their access tokens.
    public func listRevokedSessions(
        request: Quad_Identity_V1_ListRevokedSessionsRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_ListRevokedSessionsResponse {
        guard request.revokedSinceMicros >= 0 else {
            throw RPCError(
                code: .invalidArgument,
                message: "revoked_since_micros: must be 0 or more (UTC microseconds since 1970)"
            )
        }
        let since = Date(micros: request.revokedSinceMicros)
        let revoked = try await database.revokedSessions(since: since)
        return .with {
            $0.sessions = revoked.suffix(Self.revokedSessionsLimit).map { session in
                .with {
                    $0.sessionID = session.sessionID
                    $0.userID = session.userID
                    $0.revokedAtMicros = session.revokedAt.micros
                }
            }
        }
    }
}
