public import QuadWire
public import QuadWireNIO

/// Resolves who is calling, before every handler (DESIGN.md, Security):
/// - the peer's certificate identity (mutual TLS) becomes ``PeerName``;
/// - `x-quad-caller` (JSON ``Caller``) is honoured only when the peer's certificate names the
///   gateway or another service; from anyone else it is PERMISSION_DENIED;
/// - otherwise `authorization: Bearer <token>` is verified with `verifyBearer`, when the
///   service has one (identity verifies its own tokens); a bad token is UNAUTHENTICATED.
/// Calls with neither proceed without a caller; handlers that need one call
/// ``QuadWire/ServerContext/requireCaller()``.
/// - a method marked `(quad.options.v1.service_only)` is PERMISSION_DENIED unless the peer has
///   a deployment certificate (a service, or an operator's client certificate) and the call is
///   not made on a user's behalf.
public struct CallerIdentityInterceptor: ServerInterceptor {
    public static let callerHeader = "x-quad-caller"

    private let verifyBearer: (@Sendable (String) throws -> Caller)?
    private let peerNames = PeerNameCache()

    public init(verifyBearer: (@Sendable (String) throws -> Caller)? = nil) {
        self.verifyBearer = verifyBearer
    }

    public func intercept(_ context: ServerContext) async throws -> ServerContext {
        var context = context
        let peer = context.peer.certificateDER.map(peerNames.name(of:)) ?? .unknown
        context.attributes[PeerAttribute.self] = peer
        context.attributes[BearerTokensAttribute.self] = verifyBearer != nil
        if let header = context.metadata[Self.callerHeader] {
            guard case .service = peer else {
                throw RPCError(
                    code: .permissionDenied,
                    message:
                        "\(Self.callerHeader) is accepted only from the gateway or another Quad service; peer is \(peer)"
                )
            }
            guard let caller = Caller(headerValue: header) else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "\(Self.callerHeader) is not a valid caller (JSON with user_id, roles, campus_id, dorm_id)"
                )
            }
            context.attributes[CallerAttribute.self] = caller
        } else if let authorization = context.metadata["authorization"], let verifyBearer {
            guard authorization.hasPrefix("Bearer "), authorization.count > 7 else {
                throw RPCError(code: .unauthenticated, message: "authorization must be 'Bearer <access token>'")
            }
            context.attributes[CallerAttribute.self] = try verifyBearer(String(authorization.dropFirst(7)))
        }
        if context.method.serviceOnly {
            try Self.requireDeploymentPeer(peer, caller: context.caller, method: context.method)
        }
        if let caller = context.caller { context.logger[metadataKey: "user_id"] = "\(caller.userID)" }
        return context
    }

    static func requireDeploymentPeer(_ peer: PeerName, caller: Caller?, method: MethodDescriptor) throws {
        switch peer {
        case .service, .client:
            guard caller == nil else {
                throw RPCError(
                    code: .permissionDenied,
                    message: "\(method) is for Quad services and operators, not callable on a user's behalf"
                )
            }
        case .unknown:
            throw RPCError(
                code: .permissionDenied,
                message:
                    "\(method) is for Quad services and operators: present the deployment's service or client certificate"
            )
        }
    }
}
