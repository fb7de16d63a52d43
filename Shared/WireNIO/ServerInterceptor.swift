public import QuadWire

/// Runs before every handler of a server: resolves the caller, checks permissions, adds
/// attributes or log metadata. Throwing ends the call with the error's status.
public protocol ServerInterceptor: Sendable {
    func intercept(_ context: ServerContext) async throws -> ServerContext
}
