public import NIOCore
public import QuadWire
import QuadWireCore
import QuadWireNIO

/// A client of an ``InProcessTransport`` that calls as one peer: typed clients take it like a
/// ``QuadWireNIO/QuadClient``. Nothing to connect or close.
public struct InProcessClient: ClientTransport {
    let transport: InProcessTransport
    /// Who the server sees calling (``QuadWire/ServerContext/peer``).
    public let peer: PeerInfo

    public func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer
    {
        let call = makeCall(method)
        let start = callStart(method, payload: request, halfClose: true, options: options)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                call.install(.unary(continuation))
                transport.start(call, start)
            }
        } onCancel: {
            call.end(.callerCancelled)
        }
    }

    public func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        let call = makeCall(method)
        let (responses, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        call.install(.streaming(continuation))
        transport.start(call, callStart(method, payload: firstRequest, halfClose: halfClose, options: options))
        let raw = RawClientCall(
            send: { try await call.clientSend($0) },
            finish: { try await call.clientFinish() },
            responses: RawRequestStream(stream: responses) { call.clientConsumed() }
        )
        // As on the wire, a body that returns or throws before the call ended cancels it.
        do {
            let result = try await withTaskCancellationHandler {
                try await body(raw)
            } onCancel: {
                call.end(.callerCancelled)
            }
            call.end(.callerCancelled)
            return result
        } catch {
            call.end(.callerCancelled)
            throw error
        }
    }

    private func makeCall(_ method: MethodDescriptor) -> InProcessCall {
        InProcessCall(method: method, peer: peer, maxFrameSize: transport.configuration.maxFrameSize)
    }

    /// The CallStart a wire client would send for this call.
    private func callStart(_ method: MethodDescriptor, payload: ByteBuffer?, halfClose: Bool, options: CallOptions)
        -> CallStart<ByteBuffer>
    {
        CallStart(
            method: method.fullName,
            timeoutMicros: ServerCallAcceptance.timeoutMicros(options.timeout),
            metadata: options.metadata,
            payload: payload,
            halfClose: halfClose
        )
    }
}
