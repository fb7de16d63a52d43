import Foundation
import QuadKernel
public import QuadWire

/// The signed-in person a call acts for, as verified at the edge (gateway) or by the
/// service itself from an access token.
public struct Caller: Sendable, Hashable, Codable {
    public var userID: String
    public var roles: [String]
    public var campusID: String
    public var dormID: String
    /// The session (identity's refresh-token family) the caller's access token belongs to;
    /// nil for tokens signed before access tokens carried it.
    public var sessionID: String?

    public init(userID: String, roles: [String], campusID: String, dormID: String, sessionID: String? = nil) {
        self.userID = userID
        self.roles = roles
        self.campusID = campusID
        self.dormID = dormID
        self.sessionID = sessionID
    }

    /// The `x-quad-caller` metadata value: this caller as JSON with sorted keys (what the
    /// gateway forwards on every call). Written by hand rather than with `JSONEncoder`, which
    /// costs a coder and a buffer per call on the gateway's hot path; the services read it back
    /// with ``init(headerValue:)``, by hand too (tested to round-trip any string, quotes and
    /// control characters included, and to read what `JSONEncoder` writes).
    public var headerValue: String {
        var json = "{\"campus_id\":"
        json.reserveCapacity(
            112 + (sessionID?.utf8.count ?? 0) + userID.utf8.count + campusID.utf8.count + dormID.utf8.count
        )
        JSONString.append(campusID, to: &json)
        json += ",\"dorm_id\":"
        JSONString.append(dormID, to: &json)
        json += ",\"roles\":["
        for (index, role) in roles.enumerated() {
            if index > 0 { json += "," }
            JSONString.append(role, to: &json)
        }
        json += "]"
        if let sessionID {
            json += ",\"session_id\":"
            JSONString.append(sessionID, to: &json)
        }
        json += ",\"user_id\":"
        JSONString.append(userID, to: &json)
        json += "}"
        return json
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case roles
        case campusID = "campus_id"
        case dormID = "dorm_id"
        case sessionID = "session_id"
    }
}

/// ``ServerAttributes`` key of the verified caller.
public enum CallerAttribute: ServerAttributeKey {
    public typealias Value = Caller
}

/// ``ServerAttributes`` key of who is on the other end of the connection.
public enum PeerAttribute: ServerAttributeKey {
    public typealias Value = PeerName
}

/// ``ServerAttributes`` key: whether this server verifies `authorization: Bearer` tokens itself (identity
/// does; the other services learn the caller only from the gateway's `x-quad-caller`), so that a refusal
/// tells a direct caller what this server actually reads.
public enum BearerTokensAttribute: ServerAttributeKey {
    public typealias Value = Bool
}

/// The certificate identity of the connection's peer.
public enum PeerName: Sendable, Hashable, CustomStringConvertible {
    /// A Quad service or the gateway (`quad://service/NAME`).
    case service(String)
    /// A client certificate (`quad://client/NAME`), e.g. the CLI.
    case client(String)
    /// No certificate, or one without a Quad identity.
    case unknown

    public var description: String {
        switch self {
        case .service(let name): "service/\(name)"
        case .client(let name): "client/\(name)"
        case .unknown: "unknown"
        }
    }
}

extension ServerContext {
    /// The verified caller; UNAUTHENTICATED when the call carries none, saying what this server reads: a
    /// Bearer token where it verifies them itself, otherwise the gateway's `x-quad-caller` (so an app is
    /// told to come through the gateway, and a service to forward the caller).
    public func requireCaller() throws -> Caller {
        guard let caller = attributes[CallerAttribute.self] else {
            let how =
                attributes[BearerTokensAttribute.self] == true
                ? "send 'authorization: Bearer <access token>'"
                : "call it through the gateway with 'authorization: Bearer <access token>'; this service reads no tokens, "
                    + "only the verified caller that the gateway or another Quad service sends in \(CallerIdentityInterceptor.callerHeader)"
            throw RPCError(code: .unauthenticated, message: "\(method) needs a signed-in caller: \(how)")
        }
        return caller
    }

    /// The verified caller, if any.
    public var caller: Caller? { attributes[CallerAttribute.self] }

    /// PERMISSION_DENIED unless the peer presents an operator's client certificate of the deployment, not a
    /// service's: for methods that act for anyone (backups, key rotation, bulk seeding), which `service_only`
    /// alone would open to every service. `refusal` says what is refused and how to call it instead.
    public func requireOperator(_ refusal: @autoclosure () -> String) throws {
        guard case .client = peerName else {
            throw RPCError(code: .permissionDenied, message: "\(refusal()) (peer is \(peerName))")
        }
    }

    /// The peer's certificate identity.
    public var peerName: PeerName { attributes[PeerAttribute.self] ?? .unknown }
}
