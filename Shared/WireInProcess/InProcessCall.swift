import NIOCore
import QuadWire
import QuadWireCore
import QuadWireNIO
import Synchronization

/// Both ends of one in-process call: the caller's (``InProcessClient``) and the handler's
/// (``QuadWireNIO/ServerCallRunner`` reaches it as its ``QuadWireNIO/ServerCallConnection``).
///
/// It does what the two connection handlers and their state machines do for one call on the
/// wire, without frames: request and response messages with a window of 16 unconsumed
/// messages each way, half-close, and one end that both sides agree on (the handler's
/// outcome, the caller's cancellation, the deadline, or a refusal), after which sends fail and
/// the handler is cancelled. Every change happens under one lock; continuations resume after it.
final class InProcessCall: ServerCallConnection, Sendable {
    /// Where the caller waits for the end (unary) or reads responses (streaming).
    enum Completion {
        case unary(CheckedContinuation<ByteBuffer, any Error>)
        case streaming(AsyncThrowingStream<ByteBuffer, any Error>.Continuation)
    }

    /// How a call ends other than by its handler's outcome.
    enum Ending {
        /// Refused before any handler ran (unknown method, bad metadata, shutting down).
        case status(Status)
        /// The caller's task was cancelled, or its streaming body returned before the end.
        case callerCancelled
        /// The deadline (the caller's, capped by the server's) passed.
        case deadlineExceeded
        /// A frame over the server's limit: the wire's connection would close with this reason.
        case serverWentAway(String)
    }

    /// The messages one side sent that the other has not consumed, and the sends waiting for
    /// room (a `nil` message is a half-close queued behind them).
    private struct Window {
        /// The wire's initial credit: a sender may be this many messages ahead.
        static let size = CreditPolicy.wire.initialCredit
        var unconsumed = 0
        /// Messages delivered without taking room (a streaming call's CallStart payload).
        var uncounted = 0
        var waiting: [(message: ByteBuffer?, continuation: CheckedContinuation<Void, any Error>)] = []

        var isFull: Bool { !waiting.isEmpty || unconsumed >= Self.size }

        mutating func consumedOne() {
            if uncounted > 0 { uncounted -= 1 } else if unconsumed > 0 { unconsumed -= 1 }
        }
    }

    private struct State {
        var completion: Completion?
        /// The end, kept for a completion that is not there yet.
        var end: CallEnd<ByteBuffer>?
        var ended = false
        /// What a send after the end fails with: the end's status (a refusal), as the wire's client says it.
        var sendFailure: RPCError?
        /// The handler's request stream (`nil` for a unary method).
        var requests: AsyncThrowingStream<ByteBuffer, any Error>.Continuation?
        var requestsClosed = false
        var toHandler = Window()
        var toCaller = Window()
        var deadline: Scheduled<Void>?
    }

    let method: MethodDescriptor
    let peer: PeerInfo
    let cancellation = CallCancellation()
    private let maxFrameSize: Int
    private let state = Mutex(State())

    init(method: MethodDescriptor, peer: PeerInfo, maxFrameSize: Int) {
        self.method = method
        self.peer = peer
        self.maxFrameSize = maxFrameSize
    }

    var isEnded: Bool { state.withLock { $0.ended } }

    /// Why `frame` would be a protocol error on the wire (over the server's limit), if it would.
    func frameTooLarge(_ frame: Frame<ByteBuffer>) -> String? {
        let length = FrameEncoder.bodyLength(of: frame)
        guard length > maxFrameSize else { return nil }
        return "frame of \(length) bytes exceeds the limit of \(maxFrameSize) bytes"
    }

    // MARK: Setting up

    /// Where the caller learns the end; an end that came first is delivered at once.
    func install(_ completion: Completion) {
        let finished: (Completion, CallEnd<ByteBuffer>)? = state.withLock { state in
            guard let end = state.end else {
                state.completion = completion
                return nil
            }
            state.end = nil
            return (completion, end)
        }
        if let (completion, end) = finished { deliver(end, to: completion) }
    }

    /// The handler's request stream for a method of `kind` (nil for unary: its request is the
    /// CallStart payload), holding the first payload and closed if the caller half-closed.
    func open(kind: MethodDescriptor.Kind, firstPayload: ByteBuffer?, halfClose: Bool) -> AsyncThrowingStream<
        ByteBuffer, any Error
    >? {
        state.withLock { state in
            state.requestsClosed = halfClose
            guard kind != .unary else { return nil }
            let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
            if let firstPayload {
                continuation.yield(firstPayload)
                state.toHandler.uncounted = 1
            }
            if state.ended {
                continuation.finish(throwing: RPCError(code: .cancelled, message: "the caller cancelled the call"))
            } else if halfClose {
                continuation.finish()
            } else {
                state.requests = continuation
            }
            return stream
        }
    }

    /// The deadline's timer, cancelled when the call ends.
    func setDeadline(_ timer: Scheduled<Void>) {
        let ended = state.withLock { state in
            if !state.ended { state.deadline = timer }
            return state.ended
        }
        if ended { timer.cancel() }
    }

    // MARK: The caller's side

    /// Sends one request message; waits while the handler has 16 unconsumed.
    func clientSend(_ message: ByteBuffer) async throws {
        if let tooLarge = frameTooLarge(Frame(callID: 1, body: .message(StreamMessage(payload: message)))) {
            end(.serverWentAway(tooLarge))
            throw RPCError(code: .unavailable, message: "server went away: \(tooLarge)")
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let refusal: RPCError? = state.withLock { state in
                if state.ended {
                    return state.sendFailure ?? RPCError(code: .cancelled, message: "the call has ended")
                }
                if state.requestsClosed {
                    return RPCError(code: .failedPrecondition, message: "the request stream is closed")
                }
                if state.toHandler.isFull {
                    state.toHandler.waiting.append((message, continuation))
                    return nil
                }
                // A unary method has no request stream: like the wire, the message is dropped.
                if let requests = state.requests {
                    state.toHandler.unconsumed += 1
                    requests.yield(message)
                }
                continuation.resume()
                return nil
            }
            if let refusal { continuation.resume(throwing: refusal) }
        }
    }

    /// Half-closes: after the messages still waiting, the handler's request stream ends.
    func clientFinish() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLock { state in
                if state.ended || state.requestsClosed {
                    continuation.resume()
                } else if !state.toHandler.waiting.isEmpty {
                    state.toHandler.waiting.append((nil, continuation))
                } else {
                    state.requestsClosed = true
                    state.requests?.finish()
                    state.requests = nil
                    continuation.resume()
                }
            }
        }
    }

    /// The caller took one response message: room for the handler's next.
    func clientConsumed() {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            guard !state.ended else { return [] }
            state.toCaller.consumedOne()
            var resumed: [CheckedContinuation<Void, any Error>] = []
            while let (message, continuation) = state.toCaller.waiting.first, state.toCaller.unconsumed < Window.size {
                state.toCaller.waiting.removeFirst()
                if let message { Self.yield(message, to: &state) }
                resumed.append(continuation)
            }
            return resumed
        }
        for continuation in resumed { continuation.resume() }
    }

    // MARK: The handler's side (ServerCallConnection)

    func send(callID: UInt32, _ message: ByteBuffer) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let refusal: RPCError? = state.withLock { state in
                if state.ended { return RPCError(code: .cancelled, message: "the call ended") }
                if state.toCaller.isFull {
                    state.toCaller.waiting.append((message, continuation))
                    return nil
                }
                Self.yield(message, to: &state)
                continuation.resume()
                return nil
            }
            if let refusal { continuation.resume(throwing: refusal) }
        }
    }

    func consumed(callID: UInt32) {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            guard !state.ended else { return [] }
            state.toHandler.consumedOne()
            var resumed: [CheckedContinuation<Void, any Error>] = []
            while let (message, continuation) = state.toHandler.waiting.first {
                if let message {
                    guard state.toHandler.unconsumed < Window.size else { break }
                    state.toHandler.unconsumed += 1
                    state.requests?.yield(message)
                } else {
                    state.requestsClosed = true
                    state.requests?.finish()
                    state.requests = nil
                }
                state.toHandler.waiting.removeFirst()
                resumed.append(continuation)
            }
            return resumed
        }
        for continuation in resumed { continuation.resume() }
    }

    func finish(callID: UInt32, _ outcome: ServerCallOutcome) {
        let end: CallEnd<ByteBuffer>
        switch outcome {
        case .success(let payload): end = CallEnd(status: .ok, payload: payload)
        case .failure(let error): end = CallEnd(status: error.status, trailers: error.trailers)
        }
        close(end, handlerError: nil)
    }

    // MARK: Ending

    /// Ends the call for both sides unless it already ended: the caller gets the status, the
    /// handler's request stream and waiting sends fail, and the handler is cancelled.
    func end(_ ending: Ending) {
        let status: Status
        let handlerError: RPCError
        switch ending {
        case .status(let refused):
            status = refused
            handlerError = RPCError(status: refused)
        case .callerCancelled:
            status = Status(code: .cancelled, message: "the caller cancelled the call")
            handlerError = RPCError(status: status)
        case .deadlineExceeded:
            status = Status(code: .deadlineExceeded, message: "deadline exceeded")
            handlerError = RPCError(status: status)
        case .serverWentAway(let reason):
            status = Status(code: .unavailable, message: "server went away: \(reason)")
            handlerError = RPCError(code: .cancelled, message: "the connection closed")
        }
        close(CallEnd(status: status), handlerError: handlerError)
    }

    /// `handlerError` is nil when the handler itself ended the call (its outcome is `end`).
    private func close(_ end: CallEnd<ByteBuffer>, handlerError: RPCError?) {
        let closed = state.withLock {
            state -> (
                Completion?, [CheckedContinuation<Void, any Error>], [CheckedContinuation<Void, any Error>],
                Scheduled<Void>?
            )? in
            guard !state.ended else { return nil }
            state.ended = true
            state.sendFailure = Self.callerFailure(end)
            if let handlerError {
                state.requests?.finish(throwing: handlerError)
            } else {
                state.requests?.finish()
            }
            state.requests = nil
            let completion = state.completion
            state.completion = nil
            if completion == nil { state.end = end }
            let callerSends = state.toHandler.waiting.map(\.continuation)
            let handlerSends = state.toCaller.waiting.map(\.continuation)
            state.toHandler.waiting = []
            state.toCaller.waiting = []
            let deadline = state.deadline
            state.deadline = nil
            return (completion, callerSends, handlerSends, deadline)
        }
        guard let (completion, callerSends, handlerSends, deadline) = closed else { return }
        deadline?.cancel()
        if handlerError != nil { cancellation.fire() }
        // As the wire's client fails sends still waiting for credit when the end arrives.
        let callerFailure = Self.callerFailure(end)
        for send in callerSends { send.resume(throwing: callerFailure) }
        let handlerFailure = handlerError ?? RPCError(code: .cancelled, message: "the call ended")
        for send in handlerSends { send.resume(throwing: handlerFailure) }
        if let completion { deliver(end, to: completion) }
    }

    /// What a caller's send fails with once the call ended: the end's status, or CANCELLED for an OK end.
    private static func callerFailure(_ end: CallEnd<ByteBuffer>) -> RPCError {
        RPCError(code: end.status.isOK ? .cancelled : end.status.code, message: end.status.message)
    }

    /// What the caller sees of the end, exactly as the wire's client reports a CallEnd.
    private func deliver(_ end: CallEnd<ByteBuffer>, to completion: Completion) {
        switch completion {
        case .unary(let continuation):
            guard end.status.isOK else {
                continuation.resume(throwing: RPCError(status: end.status, trailers: end.trailers))
                return
            }
            guard let payload = end.payload else {
                continuation.resume(
                    throwing: RPCError(code: .internal, message: "\(method) ended OK without a response")
                )
                return
            }
            continuation.resume(returning: payload)
        case .streaming(let continuation):
            if let payload = end.payload { continuation.yield(payload) }
            if end.status.isOK {
                continuation.finish()
            } else {
                continuation.finish(throwing: RPCError(status: end.status, trailers: end.trailers))
            }
        }
    }

    /// Hands a response message to a streaming caller; a unary caller reads only the end.
    private static func yield(_ message: ByteBuffer, to state: inout State) {
        guard case .streaming(let continuation) = state.completion else { return }
        state.toCaller.unconsumed += 1
        continuation.yield(message)
    }
}
