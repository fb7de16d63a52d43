import Foundation
import Logging
import QuadContracts
import QuadServiceKit

/// Watches identity's event source for the edge (issue 11 item 4): each `SessionRevoked`
/// makes the ``EdgeAuthenticator`` refuse that session's access tokens at once, and each time
/// the stream (re)starts without a continuous history (the gateway's first stream, or a gap)
/// the revoked sessions are read again from identity, since some events were never seen.
struct SessionRevocationObserver: EventSourceObserver {
    let authenticator: EdgeAuthenticator
    let logger: Logger

    func started(continuous: Bool) async {
        guard !continuous else { return }
        do {
            try await authenticator.loadRevocations()
        } catch {
            // The next authenticate reads them before accepting a token (fail closed).
            logger.warning("could not read revoked sessions from identity", metadata: ["error": "\(error)"])
        }
    }

    func received(_ event: Quad_Events_V1_UserEvent) {
        guard event.type == Quad_Identity_V1_SessionRevoked.protoMessageName,
            let revoked = try? Quad_Identity_V1_SessionRevoked(serializedBytes: event.payload),
            !revoked.sessionID.isEmpty
        else { return }
        authenticator.revoke(
            sessionID: revoked.sessionID,
            at: Date(micros: event.occurredAtMicros)
        )
    }
}
