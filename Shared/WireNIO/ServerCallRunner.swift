package import Logging
import NIOCore
import QuadWire

/// Runs one call's handler in a child task and waits beside it on the call's cancellation
/// signal, so a Cancel frame, an expired deadline or a closed connection cancels the
/// handler's task. Two tasks per call: the one running this and the handler's.
///
/// The wire and the in-process transport both run their calls here, so interceptors, error
/// mapping, cancellation and observation are the same whatever carried the call.
package enum ServerCallRunner {
    /// Runs `call`; `logger` is its method's logger (``ServerCallDispatcher`` builds one per method).
    package static func run<Connection: ServerCallConnection>(
        _ call: RunnableCall<Connection>,
        logger: Logger,
        interceptor: (any ServerInterceptor)?,
        observer: (any ServerCallObserver)?
    ) async {
        let observation = observer?.callStarted(call.method.descriptor)
        let logger = callLogger(logger, for: call)
        let context = ServerContext(
            method: call.method.descriptor,
            metadata: call.metadata,
            deadline: call.deadline,
            peer: call.peer,
            logger: logger
        )
        let outcome: ServerCallOutcome = await withTaskGroup(of: ServerCallOutcome.self) { group in
            group.addTask {
                defer { call.cancellation.handlerReturned() }
                do {
                    var context = context
                    if let interceptor { context = try await interceptor.intercept(context) }
                    return .success(try await invoke(call, context: context))
                } catch {
                    return .failure(RPCError.from(error))
                }
            }
            let cancelled = await call.cancellation.wait()
            if cancelled { group.cancelAll() }
            let handlerOutcome = await group.next()!
            // The connection already ended a cancelled call; its handler's answer is moot.
            return cancelled ? .failure(RPCError(code: .cancelled, message: "cancelled")) : handlerOutcome
        }
        switch outcome {
        case .success: observation?.callFinished(status: .ok)
        case .failure(let error):
            observation?.callFinished(status: error.code)
            if error.code == .internal, let cause = error.cause {
                logger.error("handler failed", metadata: ["error": "\(cause)"])
            }
        }
        call.connection.finish(callID: call.callID, outcome)
    }

    /// The method's logger (already carrying the method name) with the request and trace ids
    /// when the caller sent them (W3C traceparent: version-traceid-parentid-flags).
    private static func callLogger<Connection>(_ logger: Logger, for call: RunnableCall<Connection>) -> Logger {
        var logger = logger
        if let requestID = call.metadata["x-request-id"] { logger[metadataKey: "request_id"] = .string(requestID) }
        if let traceparent = call.metadata["traceparent"] {
            let parts = traceparent.split(separator: "-")
            if parts.count >= 4, parts[1].count == 32 { logger[metadataKey: "trace_id"] = .string(String(parts[1])) }
        }
        return logger
    }

    private static func invoke<Connection>(_ call: RunnableCall<Connection>, context: ServerContext) async throws
        -> ByteBuffer?
    {
        switch call.method.handler {
        case .unary(let handler):
            return try await handler(call.firstPayload!, context)
        case .streaming(let handler):
            let connection = call.connection
            let callID = call.callID
            let stream = call.requests ?? AsyncThrowingStream { $0.finish() }
            let requests = RawRequestStream(stream: stream) { connection.consumed(callID: callID) }
            let writer = RawResponseWriter { try await connection.send(callID: callID, $0) }
            return try await handler(requests, writer, context)
        }
    }
}
