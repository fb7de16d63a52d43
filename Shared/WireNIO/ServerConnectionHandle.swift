import NIOCore
import QuadWire

/// A thread-safe way for call tasks to reach their connection's handler: every method runs on
/// the connection's event loop, directly when the caller is already there.
///
/// The `inEventLoop` branch is written out in each method rather than shared through a
/// closure-taking helper: an escaping closure would cost an allocation on the direct path,
/// which is every call's finish.
struct ServerConnectionHandle: Sendable {
    let eventLoop: any EventLoop
    let handler: NIOLoopBound<ServerConnectionHandler>

    /// Sends one response message; suspends while the caller has no credit for it.
    func send(callID: UInt32, _ message: ByteBuffer) async throws {
        let promise = eventLoop.makePromise(of: Void.self)
        if eventLoop.inEventLoop {
            handler.value.sendMessage(callID: callID, message, promise: promise)
        } else {
            eventLoop.execute { handler.value.sendMessage(callID: callID, message, promise: promise) }
        }
        try await promise.futureResult.get()
    }

    /// The handler consumed one request message (grants credit when due).
    func consumed(callID: UInt32) {
        if eventLoop.inEventLoop {
            handler.value.messageConsumed(callID: callID)
        } else {
            eventLoop.execute { handler.value.messageConsumed(callID: callID) }
        }
    }

    /// Starts a graceful shutdown of the connection.
    func drain(reason: String) {
        eventLoop.execute { handler.value.drain(reason: reason) }
    }

    /// The handler returned or threw: write the CallEnd unless the call already ended.
    /// Runs at once when the call's task is already on the connection's event loop
    /// (``ServerConfiguration/HandlerExecution/connectionEventLoop``).
    func finish(callID: UInt32, _ outcome: ServerCallOutcome) {
        if eventLoop.inEventLoop {
            handler.value.finishCall(callID: callID, outcome)
        } else {
            eventLoop.execute { handler.value.finishCall(callID: callID, outcome) }
        }
    }
}

extension ServerConnectionHandle: ServerCallConnection {}
