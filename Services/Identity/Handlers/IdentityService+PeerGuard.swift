import QuadServiceKit
import QuadWire

extension IdentityService {
    /// PERMISSION_DENIED unless the call comes from one of `peers` on no user's behalf: identity's service-only
    /// methods that hand out what a person keeps private (a room, an email, a date of birth) answer those services
    /// alone. `why` says where the person's data is shown instead.
    static func requirePeer(_ context: ServerContext, _ peers: [String], method: String, why: String) throws {
        guard peers.contains(where: { context.peerName == .service($0) }), context.caller == nil else {
            let names =
                peers.count == 1 ? "the \(peers[0]) service" : "the \(peers.joined(separator: " and ")) services"
            throw RPCError(
                code: .permissionDenied,
                message: "\(method) is for \(names) only (peer is \(context.peerName)); \(why)"
            )
        }
    }
}
