public import NIOCore
public import QuadServiceKit
public import QuadWire

/// A test client: with a caller, adds `x-quad-caller` to every call, as the gateway does for
/// a signed-in user. Close it when done (a no-op in-process).
public struct TestTransport: ClientTransport {
    /// The in-process client or the ``QuadWireNIO/QuadClient`` underneath.
    public let base: any ClientTransport
    public let caller: Caller?
    private let closeBase: @Sendable () -> Void

    public init(base: any ClientTransport, caller: Caller?, close: @escaping @Sendable () -> Void) {
        self.base = base
        self.caller = caller
        self.closeBase = close
    }

    public func close() { closeBase() }

    public func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer
    {
        try await base.unary(method, request: request, options: withCaller(options))
    }

    public func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        try await base.streamingCall(
            method,
            firstRequest: firstRequest,
            halfClose: halfClose,
            options: withCaller(options),
            body
        )
    }

    private func withCaller(_ options: CallOptions) -> CallOptions {
        guard let caller else { return options }
        var options = options
        options.metadata[CallerIdentityInterceptor.callerHeader] = caller.headerValue
        return options
    }
}
