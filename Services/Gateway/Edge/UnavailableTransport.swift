public import NIOCore
public import QuadWire

/// The transport of a context the gateway has no address for: every call is UNAVAILABLE,
/// naming the context, so a missing upstream marks its parts instead of stopping the gateway.
public struct UnavailableTransport: ClientTransport {
    public let context: String

    public init(context: String) {
        self.context = context
    }

    private var error: RPCError {
        RPCError(code: .unavailable, message: "no upstream is configured for '\(context)'")
    }

    public func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer
    {
        throw error
    }

    public func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        throw error
    }
}
