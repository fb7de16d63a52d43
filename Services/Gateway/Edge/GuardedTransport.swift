import NIOCore
import QuadWire

/// One context's upstream as a ``QuadWire/ClientTransport`` whose unary calls are protected like
/// proxied ones (``GatewayProxy/transport(for:)``): skipped while ejected, shed at the method's
/// concurrency limit, retried when idempotent within the budget. Streams pass straight through
/// and take no slot, as in the proxy.
struct GuardedTransport: ClientTransport {
    let proxy: GatewayProxy
    let context: String
    let upstream: any ClientTransport

    func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer {
        try await proxy.forwardUnary(method, to: context, upstream: upstream, options: options, request)
    }

    func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        try await upstream.streamingCall(
            method,
            firstRequest: firstRequest,
            halfClose: halfClose,
            options: options,
            body
        )
    }
}
