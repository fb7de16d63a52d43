import Logging
import NIOCore
import QuadWire

/// Runs one call's handler in a task, racing it against the call's cancellation so a
/// Cancel frame, an expired deadline or a closed connection cancels the handler's task.
enum ServerCallRunner {
    static func run(
        _ call: ServerCall,
        logger: Logger,
        interceptor: (any ServerInterceptor)?,
        observer: (any ServerCallObserver)?
    ) async {
        let observation = observer?.callStarted(call.method.descriptor)
        var logger = logger
        logger[metadataKey: "method"] = "\(call.method.descriptor.fullName)"
        if let requestID = call.metadata["x-request-id"] { logger[metadataKey: "request_id"] = "\(requestID)" }
        // W3C traceparent: version-traceid-parentid-flags; the trace id ties logs across hops.
        if let traceparent = call.metadata["traceparent"] {
            let parts = traceparent.split(separator: "-")
            if parts.count >= 4, parts[1].count == 32 { logger[metadataKey: "trace_id"] = "\(parts[1])" }
        }
        let context = ServerContext(
            method: call.method.descriptor,
            metadata: call.metadata,
            deadline: call.deadline,
            peer: call.peer,
            logger: logger
        )
        let outcome: ServerCallOutcome = await withTaskGroup(of: ServerCallOutcome?.self) { group in
            group.addTask {
                do {
                    var context = context
                    if let interceptor { context = try await interceptor.intercept(context) }
                    return .success(try await invoke(call, context: context))
                } catch {
                    return .failure(RPCError.from(error))
                }
            }
            group.addTask {
                // nil: this side lost the race (the handler finished first).
                await call.cancellation.wait() ? .failure(RPCError(code: .cancelled, message: "cancelled")) : nil
            }
            let first = await group.next()!
            group.cancelAll()
            if let first { return first }
            return await group.next()!!
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

    private static func invoke(_ call: ServerCall, context: ServerContext) async throws -> ByteBuffer? {
        switch call.method.handler {
        case .unary(let handler):
            return try await handler(call.firstPayload!, context)
        case .streaming(let handler):
            let connection = call.connection
            let callID = call.callID
            let requests = RawRequestStream(stream: call.requests) { connection.consumed(callID: callID) }
            let writer = RawResponseWriter { try await connection.send(callID: callID, $0) }
            return try await handler(requests, writer, context)
        }
    }
}
