package import Logging
package import NIOCore
package import QuadWire

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
        report(outcome, to: observation, logger: logger)
        call.connection.finish(callID: call.callID, outcome)
    }

    /// Runs a handler that never suspends (``QuadWire/MethodHandler/unarySync(_:)``) right here,
    /// on the caller's thread (the connection's event loop), with no task: the observer, the
    /// per-call logger and the error mapping are those of ``run(_:logger:interceptor:observer:)``.
    /// Nothing can cancel it while it runs; an `expiry` (the caller's deadline capped by the
    /// server's) already past before it starts, or passed by the time it returns, makes the
    /// outcome DEADLINE_EXCEEDED. `deadline` is the caller's, as the handler sees it. Calls behind an
    /// interceptor (which may suspend) take the task path instead.
    package static func runSynchronously(
        _ handler: @Sendable (ByteBuffer, ServerContext) throws -> ByteBuffer,
        method: MethodDescriptor,
        request: ByteBuffer,
        metadata: [String: String],
        deadline: ContinuousClock.Instant?,
        expiry: ContinuousClock.Instant?,
        peer: PeerInfo,
        logger: Logger,
        observer: (any ServerCallObserver)?
    ) -> ServerCallOutcome {
        let observation = observer?.callStarted(method)
        let logger = callLogger(logger, metadata: metadata)
        let outcome: ServerCallOutcome
        if let expiry, ContinuousClock.now >= expiry {
            outcome = .failure(expired)
        } else {
            let context = ServerContext(
                method: method,
                metadata: metadata,
                deadline: deadline,
                peer: peer,
                logger: logger
            )
            do {
                let response = try handler(request, context)
                if let expiry, ContinuousClock.now >= expiry {
                    outcome = .failure(expired)
                } else {
                    outcome = .success(response)
                }
            } catch {
                outcome = .failure(RPCError.from(error))
            }
        }
        report(outcome, to: observation, logger: logger)
        return outcome
    }

    /// Tells the observer how a call ended, and logs an INTERNAL failure's cause (the caller sees only the status).
    private static func report(
        _ outcome: ServerCallOutcome,
        to observation: (any ServerCallObservation)?,
        logger: Logger
    ) {
        switch outcome {
        case .success: observation?.callFinished(status: .ok)
        case .failure(let error):
            observation?.callFinished(status: error.code)
            if error.code == .internal, let cause = error.cause {
                logger.error("handler failed", metadata: ["error": "\(cause)"])
            }
        }
    }

    /// What a call whose deadline passed is answered (as the connection's deadline timer does).
    private static var expired: RPCError { RPCError(code: .deadlineExceeded, message: "deadline exceeded") }

    /// The method's logger (already carrying the method name) with the request and trace ids
    /// when the caller sent them (W3C traceparent: version-traceid-parentid-flags).
    private static func callLogger<Connection>(_ logger: Logger, for call: RunnableCall<Connection>) -> Logger {
        callLogger(logger, metadata: call.metadata)
    }

    private static func callLogger(_ logger: Logger, metadata: [String: String]) -> Logger {
        guard !metadata.isEmpty else { return logger }
        var logger = logger
        if let requestID = metadata["x-request-id"] { logger[metadataKey: "request_id"] = .string(requestID) }
        if let traceparent = metadata["traceparent"] {
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
        case .unarySync(let handler):
            // Here only behind an interceptor or in-process; the wire runs it inline otherwise.
            return try handler(call.firstPayload!, context)
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
