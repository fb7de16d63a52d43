import NIOCore
import QuadWire
import Synchronization

/// A peer's transport whose far end is set after every service exists: the services of one ``FuzzSystem`` call each
/// other (jobs calls payments, payments calls jobs), so each is built with links that are connected afterwards.
/// Unconnected, a call fails UNAVAILABLE, as a peer that is down.
final class PeerLink: ClientTransport {
    private let target = Mutex<(any ClientTransport)?>(nil)

    func connect(_ transport: any ClientTransport) {
        target.withLock { $0 = transport }
    }

    private func resolved() throws -> any ClientTransport {
        guard let transport = target.withLock({ $0 }) else {
            throw RPCError(code: .unavailable, message: "the peer is not connected")
        }
        return transport
    }

    func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer {
        try await resolved().unary(method, request: request, options: options)
    }

    func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        try await resolved().streamingCall(
            method,
            firstRequest: firstRequest,
            halfClose: halfClose,
            options: options,
            body
        )
    }
}
