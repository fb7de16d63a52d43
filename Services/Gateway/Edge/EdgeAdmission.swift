import QuadServiceKit
import QuadWire

/// Who may call, decided at the edge in one order for every method the gateway answers (the
/// proxied ones and its own): the client address's rate limit first, so a flood of bad tokens
/// is limited before it costs signature checks; then, unless the method allows anonymous
/// calls, the access token; then the signed-in user's rate limit.
struct EdgeAdmission: Sendable {
    let rateLimiter: EdgeRateLimiter
    let authenticator: EdgeAuthenticator

    /// The verified caller, or nil for a method that allows anonymous calls.
    func admit(_ method: MethodDescriptor, _ context: ServerContext) async throws -> Caller? {
        try rateLimiter.admit(method, peerAddress: context.peer.address)
        guard !method.allowsAnonymous else { return nil }
        return try await signedIn(method, context)
    }

    /// The verified caller of a method that always needs one.
    func admitSignedIn(_ method: MethodDescriptor, _ context: ServerContext) async throws -> Caller {
        try rateLimiter.admit(method, peerAddress: context.peer.address)
        return try await signedIn(method, context)
    }

    private func signedIn(_ method: MethodDescriptor, _ context: ServerContext) async throws -> Caller {
        let caller = try await authenticator.authenticate(context.metadata, method: method)
        try rateLimiter.admit(user: caller.userID)
        return caller
    }
}
