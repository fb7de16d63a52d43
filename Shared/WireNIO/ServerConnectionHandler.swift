import Logging
import NIOCore
import NIOSSL
import NIOTLS
import QuadWire
import QuadWireCore

/// Runs the callee side of the quad wire on one connection, on its event loop.
///
/// Frames go through ``ServerConnectionStateMachine``; a unary call whose handler never
/// suspends (``QuadWire/MethodHandler/unarySync(_:)``) runs inline as its CallStart is read;
/// other new calls are handed to the connection's call runner through `calls`, and handlers
/// reach back through a ``ServerConnectionHandle``. Frames are encoded into one outbound buffer
/// and written at each flush: within a read burst every ``ServerConfiguration/flushEvery``
/// answers and at its end, outside one once per event-loop tick.
final class ServerConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = Frame<ByteBuffer>
    typealias OutboundOut = ByteBuffer

    private struct CallRecord {
        /// `nil` for unary calls, whose one request came in the CallStart.
        var requests: AsyncThrowingStream<ByteBuffer, any Error>.Continuation?
        var cancellation: CallCancellation
        var deadline: NIOScheduledCallback?
        var pendingSends: [(ByteBuffer, EventLoopPromise<Void>)] = []
        /// Messages yielded to the handler that the caller did not spend credit on (the
        /// CallStart payload of a streaming call): consuming them grants nothing.
        var uncountedMessages = 0
        /// The call's slot in ``ServerConfiguration/admission``, returned when it ends.
        var admission: CallAdmissionPermit?
        /// While the call waits for a slot: its place in the admission's queue, and the call to
        /// hand to the runner once it is granted.
        var ticket: CallAdmissionTicket?
        var waiting: ServerCall?
    }

    private var stateMachine: ServerConnectionStateMachine
    private var records: [UInt32: CallRecord] = [:]
    private let router: Router
    private let dispatcher: ServerCallDispatcher
    private let configuration: ServerConfiguration
    private let calls: AsyncStream<ServerCall>.Continuation
    private let logger: Logger
    private var context: ChannelHandlerContext?
    private var peer = PeerInfo(address: "unknown")
    private var flushScheduled = false
    private var inReadBurst = false
    /// Frames encoded since the last flush, written as one buffer at the next (one TLS record
    /// instead of one per frame); its storage is kept for the next flush when small
    /// (``OutboundBuffer``).
    private var outbound = OutboundBuffer()
    /// CallEnds written in the current read burst since its last flush.
    private var answersSinceFlush = 0
    /// When the last call started while the idle timer was armed: calls that end at once
    /// (inline, refused) leave the timer alone, with no timer work per call, and its expiry
    /// looks here before draining.
    private var lastCallAt: NIODeadline?
    private var idleTimer: Scheduled<Void>?
    private var closed = false
    /// The client's IP address without the port (the admission's fairness key).
    private var peerHost = "unknown"
    /// Frames read while the connection is at ``ServerConfiguration/maxConcurrentCallsPerConnection``:
    /// reading stopped at the CallStart over the limit, and they are handled in order as calls end.
    private var backlog: [Frame<ByteBuffer>] = []
    /// Closes the connection if its TLS handshake has not finished in time.
    private var handshakeTimer: Scheduled<Void>?
    private let handshakeTimeout: Duration?
    private let handshakeCompleted: (@Sendable () -> Void)?
    private var backlogStart = 0
    /// Frames in ``backlog`` per call.
    private var backlogged: [UInt32: Int] = [:]
    private var paused = false
    private var drainingBacklog = false

    init(
        dispatcher: ServerCallDispatcher,
        configuration: ServerConfiguration,
        calls: AsyncStream<ServerCall>.Continuation,
        logger: Logger,
        handshakeTimeout: Duration? = nil,
        handshakeCompleted: (@Sendable () -> Void)? = nil
    ) {
        self.handshakeTimeout = handshakeTimeout
        self.handshakeCompleted = handshakeCompleted
        self.router = dispatcher.router
        self.dispatcher = dispatcher
        self.configuration = configuration
        self.calls = calls
        self.logger = logger
        self.stateMachine = ServerConnectionStateMachine()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if let address = context.channel.remoteAddress {
            peerHost = address.ipAddress ?? "?"
            peer.address = "\(peerHost):\(address.port ?? 0)"
        }
        if context.channel.isActive {
            armIdleTimer()
            armHandshakeTimer()
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        if let address = context.channel.remoteAddress {
            peerHost = address.ipAddress ?? "?"
            peer.address = "\(peerHost):\(address.port ?? 0)"
        }
        armIdleTimer()
        armHandshakeTimer()
        context.fireChannelActive()
    }

    /// A connection that never finishes its handshake (one that sends nothing, or a byte a
    /// minute) would otherwise hold a descriptor and its TLS state until the idle timeout.
    private func armHandshakeTimer() {
        guard let context, let timeout = handshakeTimeout, handshakeTimer == nil else { return }
        let handle = self.handle
        handshakeTimer = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            handle.handler.value.handshakeTimedOut()
        }
    }

    private func handshakeTimedOut() {
        guard let context, !closed else { return }
        logger.debug(
            "closing a connection that did not finish its TLS handshake in time",
            metadata: ["peer": "\(peer.address)"]
        )
        context.close(promise: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    private var handle: ServerConnectionHandle {
        ServerConnectionHandle(
            eventLoop: context!.eventLoop,
            handler: NIOLoopBound(self, eventLoop: context!.eventLoop)
        )
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        inReadBurst = true
        let frame = unwrapInboundIn(data)
        if paused, mustWait(frame) {
            holdBack(frame)
            return
        }
        if atCallLimit(before: frame) {
            // Hold the caller back instead of refusing: stop reading (TCP pushes back on it) and
            // keep the new calls already read, to start in order when calls end.
            paused = true
            holdBack(frame)
            try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
            return
        }
        handle(frame)
    }

    /// While paused, a new call waits, and so does every later frame of a call that waits; the
    /// rest (a cancel or credit for an open call, a ping) is handled at once, so the open calls
    /// that must end for the connection to resume can end.
    private func mustWait(_ frame: Frame<ByteBuffer>) -> Bool {
        if case .start = frame.body { return true }
        return backlogged[frame.callID] != nil
    }

    private func holdBack(_ frame: Frame<ByteBuffer>) {
        backlog.append(frame)
        backlogged[frame.callID, default: 0] += 1
    }

    /// Whether `frame` opens a call while the connection already has its most calls open.
    private func atCallLimit(before frame: Frame<ByteBuffer>) -> Bool {
        guard let limit = configuration.maxConcurrentCallsPerConnection, records.count >= limit else { return false }
        if case .start = frame.body { return true }
        return false
    }

    /// Handles the frames held back while at the call limit, as far as the limit allows now, and
    /// reads again once all are handled.
    private func resumeIfBelowCallLimit() {
        guard paused, !drainingBacklog, !closed else { return }
        drainingBacklog = true
        defer { drainingBacklog = false }
        while backlogStart < backlog.count {
            let frame = backlog[backlogStart]
            if atCallLimit(before: frame) { return }
            backlogStart += 1
            let left = (backlogged[frame.callID] ?? 1) - 1
            backlogged[frame.callID] = left > 0 ? left : nil
            handle(frame)
            if closed { return }
        }
        backlog.removeAll(keepingCapacity: false)
        backlogStart = 0
        paused = false
        guard let context else { return }
        try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        context.read()
    }

    private func handle(_ frame: Frame<ByteBuffer>) {
        switch stateMachine.receive(frame) {
        case .startCall(let callID, let start):
            startCall(callID: callID, start)
        case .rejectCall(let callID, let status):
            write(Frame(callID: callID, body: .end(CallEnd(status: status))))
        case .deliverMessage(let callID, let payload, let halfClose):
            guard let record = records[callID] else { return }
            if let payload { record.requests?.yield(payload) }
            if halfClose { record.requests?.finish() }
        case .cancelCall(let callID):
            dropCall(callID, error: RPCError(code: .cancelled, message: "the caller cancelled the call"))
            closeIfDrained()
            armIdleTimerIfIdle()
            resumeIfBelowCallLimit()
        case .endCall(let callID, let status):
            dropCall(callID, error: RPCError(status: status))
            write(Frame(callID: callID, body: .end(CallEnd(status: status))))
            closeIfDrained()
            armIdleTimerIfIdle()
            resumeIfBelowCallLimit()
        case .creditGranted(let callID):
            drainPendingSends(callID)
        case .sendPong(let nonce):
            write(Frame(callID: 0, body: .pong(nonce)))
        case .pongReceived:
            break
        case .peerGoingAway:
            closeIfDrained()
        case .protocolError(let error):
            protocolError(error)
        case .none:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        inReadBurst = false
        answersSinceFlush = 0
        flushOutbound()
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? WireProtocolError {
            protocolError(error)
        } else {
            logger.debug("connection error", metadata: ["peer": "\(peer.address)", "error": "\(error)"])
            context.close(promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted(let negotiated) = event {
            handshakeTimer?.cancel()
            handshakeTimer = nil
            handshakeCompleted?()
            guard negotiated == TLSSettings.alpn else {
                logger.debug("refusing connection without ALPN quad/1", metadata: ["peer": "\(peer.address)"])
                context.close(promise: nil)
                return
            }
            if let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLHandler.self),
                let certificate = handler.peerCertificate
            {
                peer.certificateDER = try? certificate.toDERBytes()
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed = true
        idleTimer?.cancel()
        handshakeTimer?.cancel()
        for callID in stateMachine.connectionClosed() {
            dropCall(callID, error: RPCError(code: .cancelled, message: "the connection closed"))
        }
        calls.finish()
        context.fireChannelInactive()
    }

    // MARK: Calls

    private func startCall(callID: UInt32, _ start: CallStart<ByteBuffer>) {
        if idleTimer != nil { lastCallAt = context?.eventLoop.now }
        let method: RegisteredMethod
        switch ServerCallAcceptance.check(start, router: router) {
        case .accept(let accepted): method = accepted
        case .refuse(let status):
            endImmediately(callID, status)
            return
        }

        // Still before any task exists: refusing here is nearly free.
        var permit: CallAdmissionPermit?
        var ticket: CallAdmissionTicket?
        if let admission = configuration.admission {
            let handler = handle.handler
            let eventLoop = context!.eventLoop
            switch admission.admit(
                method.descriptor,
                peerHost: peerHost,
                metadata: start.metadata,
                waiter: { QueuedCallWaiter(callID: callID, eventLoop: eventLoop, handler: handler) }
            ) {
            case .admitted(let admitted):
                permit = admitted
            case .queued(let queued):
                ticket = queued
            case .exempt:
                break
            case .refused(let message):
                endImmediately(callID, Status(code: .resourceExhausted, message: message))
                return
            }
        }

        if ticket == nil, case .unarySync(let body) = method.handler, dispatcher.runsSynchronousHandlersInline {
            runInline(callID: callID, body, method: method.descriptor, start: start, permit: permit)
            return
        }
        idleTimer?.cancel()
        idleTimer = nil
        lastCallAt = nil

        // A unary call's request is its CallStart payload: no stream to allocate.
        var requests: AsyncThrowingStream<ByteBuffer, any Error>?
        var continuation: AsyncThrowingStream<ByteBuffer, any Error>.Continuation?
        var uncounted = 0
        if method.descriptor.kind != .unary {
            let (stream, streamContinuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
            if let first = start.payload {
                streamContinuation.yield(first)
                uncounted = 1
            }
            if start.halfClose { streamContinuation.finish() }
            requests = stream
            continuation = streamContinuation
        }
        let (requested, timeout) = ServerCallAcceptance.timeouts(
            requestedMicros: start.timeoutMicros,
            cap: configuration.maxDeadline
        )
        let cancellation = CallCancellation()
        var record = CallRecord(
            requests: continuation,
            cancellation: cancellation,
            uncountedMessages: uncounted,
            admission: permit
        )
        if let timeout {
            // A scheduled callback rather than scheduleTask: no promise or closure per call.
            let expiry = DeadlineExpiry(callID: callID, handler: handle.handler)
            record.deadline = try? context!.eventLoop.scheduleCallback(in: TimeAmount(timeout), handler: expiry)
        }
        let call = ServerCall(
            callID: callID,
            method: method,
            metadata: start.metadata,
            // The caller's deadline (capped); nil when it sent none, though the cap's timer runs.
            deadline: requested.map { _ in ContinuousClock.now.advanced(by: timeout!) },
            firstPayload: start.payload,
            requests: requests,
            cancellation: cancellation,
            connection: handle,
            peer: peer
        )
        if let ticket {
            // It waits for a slot without a task; ``admittedFromQueue`` hands it to the runner.
            record.ticket = ticket
            record.waiting = call
            records[callID] = record
            return
        }
        records[callID] = record
        calls.yield(call)
    }

    /// A queued call got its slot.
    fileprivate func admittedFromQueue(callID: UInt32, _ permit: CallAdmissionPermit) {
        guard var record = records[callID], record.ticket != nil, let call = record.waiting else {
            // It ended while the grant was on its way: give the slot straight back.
            configuration.admission?.callEnded(permit, code: .cancelled)
            return
        }
        record.ticket = nil
        record.waiting = nil
        record.admission = permit
        records[callID] = record
        if case .unarySync(let body) = call.method.handler, dispatcher.runsSynchronousHandlersInline {
            // Its deadline timer still runs: had it fired, the call would be gone.
            let outcome = ServerCallRunner.runSynchronously(
                body,
                method: call.method.descriptor,
                request: call.firstPayload!,
                metadata: call.metadata,
                deadline: call.deadline,
                expiry: call.deadline,
                peer: peer,
                logger: dispatcher.logger(forMethod: call.method.descriptor.fullName),
                observer: dispatcher.observer
            )
            finishCall(callID: callID, outcome)
            return
        }
        calls.yield(call)
    }

    /// Runs a unary call whose handler never suspends, here and now: no record, no task, no
    /// deadline timer (nothing could act on one while the handler runs; its expiry is checked
    /// before and after instead).
    private func runInline(
        callID: UInt32,
        _ body: @Sendable (ByteBuffer, ServerContext) throws -> ByteBuffer,
        method: MethodDescriptor,
        start: CallStart<ByteBuffer>,
        permit: CallAdmissionPermit?
    ) {
        let (requested, enforced) = ServerCallAcceptance.timeouts(
            requestedMicros: start.timeoutMicros,
            cap: configuration.maxDeadline
        )
        let now = enforced == nil ? nil : ContinuousClock.now
        let outcome = ServerCallRunner.runSynchronously(
            body,
            method: method,
            request: start.payload!,
            metadata: start.metadata,
            deadline: requested.map { now!.advanced(by: $0) },
            expiry: enforced.map { now!.advanced(by: $0) },
            peer: peer,
            logger: dispatcher.logger(forMethod: start.method),
            observer: dispatcher.observer
        )
        if let permit {
            let code: StatusCode
            switch outcome {
            case .success: code = .ok
            case .failure(let error): code = error.code
            }
            configuration.admission?.callEnded(permit, code: code)
        }
        guard stateMachine.endCall(callID) else { return }
        writeEnd(callID: callID, outcome)
        closeIfDrained()
        armIdleTimerIfIdle()
        resumeIfBelowCallLimit()
    }

    /// A queued call waited too long, or lost its place to a lighter client.
    fileprivate func refusedFromQueue(callID: UInt32, _ message: String) {
        guard records[callID]?.ticket != nil, stateMachine.endCall(callID) else { return }
        // Refused by the admission itself: nothing to withdraw.
        records[callID]?.ticket = nil
        let status = Status(code: .resourceExhausted, message: message)
        dropCall(callID, error: RPCError(status: status))
        write(Frame(callID: callID, body: .end(CallEnd(status: status))))
        closeIfDrained()
        armIdleTimerIfIdle()
        resumeIfBelowCallLimit()
    }

    /// Ends a call that never reached a handler.
    private func endImmediately(_ callID: UInt32, _ status: Status) {
        stateMachine.endCall(callID)
        write(Frame(callID: callID, body: .end(CallEnd(status: status))))
        armIdleTimerIfIdle()
    }

    fileprivate func deadlineExpired(callID: UInt32) {
        guard stateMachine.endCall(callID) else { return }
        dropCall(callID, error: RPCError(code: .deadlineExceeded, message: "deadline exceeded"))
        write(
            Frame(
                callID: callID,
                body: .end(CallEnd(status: Status(code: .deadlineExceeded, message: "deadline exceeded")))
            )
        )
        closeIfDrained()
        armIdleTimerIfIdle()
        resumeIfBelowCallLimit()
    }

    /// Forgets a call's record and stops its handler (the call already left the state machine).
    private func dropCall(_ callID: UInt32, error: RPCError) {
        guard let record = records.removeValue(forKey: callID) else { return }
        if let permit = record.admission { configuration.admission?.callEnded(permit, code: error.code) }
        // Still queued: leave the queue (a grant already on its way is given back on arrival).
        if let ticket = record.ticket { _ = configuration.admission?.withdraw(ticket) }
        record.deadline?.cancel()
        record.requests?.finish(throwing: error)
        record.cancellation.fire()
        for (_, promise) in record.pendingSends { promise.fail(error) }
    }

    func finishCall(callID: UInt32, _ outcome: ServerCallOutcome) {
        if let record = records.removeValue(forKey: callID) {
            if let permit = record.admission {
                let code: StatusCode
                switch outcome {
                case .success: code = .ok
                case .failure(let error): code = error.code
                }
                configuration.admission?.callEnded(permit, code: code)
            }
            record.deadline?.cancel()
            record.requests?.finish()
            for (_, promise) in record.pendingSends {
                promise.fail(RPCError(code: .cancelled, message: "the call ended"))
            }
        }
        guard stateMachine.endCall(callID) else { return }
        writeEnd(callID: callID, outcome)
        closeIfDrained()
        armIdleTimerIfIdle()
        resumeIfBelowCallLimit()
    }

    /// Writes a call's CallEnd; within a read burst, every ``ServerConfiguration/flushEvery``
    /// answers are flushed at once, so the caller starts on them while the rest are served.
    private func writeEnd(callID: UInt32, _ outcome: ServerCallOutcome) {
        let end: CallEnd<ByteBuffer>
        switch outcome {
        case .success(let payload):
            end = CallEnd(status: .ok, payload: payload)
        case .failure(let error):
            end = CallEnd(status: error.status, trailers: error.trailers)
        }
        write(Frame(callID: callID, body: .end(end)))
        guard inReadBurst else { return }
        answersSinceFlush += 1
        if answersSinceFlush >= configuration.flushEvery {
            answersSinceFlush = 0
            flushOutbound()
        }
    }

    func sendMessage(callID: UInt32, _ message: ByteBuffer, promise: EventLoopPromise<Void>) {
        guard var record = records[callID] else {
            promise.fail(RPCError(code: .cancelled, message: "the call ended"))
            return
        }
        if !record.pendingSends.isEmpty {
            record.pendingSends.append((message, promise))
            records[callID] = record
            return
        }
        switch stateMachine.sendMessage(callID: callID) {
        case .send:
            write(Frame(callID: callID, body: .message(StreamMessage(payload: message))))
            promise.succeed()
        case .waitForCredit:
            record.pendingSends.append((message, promise))
            records[callID] = record
        case .callEnded:
            promise.fail(RPCError(code: .cancelled, message: "the call ended"))
        }
    }

    private func drainPendingSends(_ callID: UInt32) {
        guard var record = records[callID] else { return }
        while let (message, promise) = record.pendingSends.first {
            guard stateMachine.sendMessage(callID: callID) == .send else { break }
            record.pendingSends.removeFirst()
            write(Frame(callID: callID, body: .message(StreamMessage(payload: message))))
            promise.succeed()
        }
        records[callID] = record
    }

    func messageConsumed(callID: UInt32) {
        if var record = records[callID], record.uncountedMessages > 0 {
            record.uncountedMessages -= 1
            records[callID] = record
            return
        }
        if let grant = stateMachine.messagesConsumed(callID: callID) {
            write(Frame(callID: callID, body: .credit(grant)))
        }
    }

    // MARK: Connection

    /// Starts a graceful shutdown: GoAway, let open calls finish, then close.
    func drain(reason: String) {
        guard let goAway = stateMachine.beginDrain(reason: reason) else { return }
        write(Frame(callID: 0, body: .goAway(goAway)))
        closeIfDrained()
    }

    /// Closes at once (the drain grace period ran out).
    func forceClose() {
        context?.close(promise: nil)
    }

    private func protocolError(_ error: WireProtocolError) {
        guard let context, !closed else { return }
        logger.debug("protocol error", metadata: ["peer": "\(peer.address)", "error": "\(error)"])
        _ = stateMachine.beginDrain(reason: error.reason)
        closed = true
        var buffer = context.channel.allocator.buffer(capacity: 64)
        // Calls up to the last accepted one may have run: naming it keeps callers from
        // retrying them as if they had not.
        let goAway = GoAway(lastCallID: stateMachine.lastAcceptedCallID, reason: error.reason)
        buffer.writeFrame(Frame<ByteBuffer>(callID: 0, body: .goAway(goAway)))
        writeOutbound()
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
    }

    private func closeIfDrained() {
        guard stateMachine.closeIfDrained(), let context else { return }
        writeOutbound()
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    private func armIdleTimer() {
        guard let context, let idle = configuration.idleTimeout, idleTimer == nil else { return }
        let handle = self.handle
        idleTimer = context.eventLoop.scheduleTask(in: TimeAmount(idle)) {
            handle.handler.value.idleTimeoutFired()
        }
    }

    private func armIdleTimerIfIdle() {
        if stateMachine.openCalls == 0 { armIdleTimer() }
    }

    private func idleTimeoutFired() {
        idleTimer = nil
        guard stateMachine.openCalls == 0 else { return }
        if let last = lastCallAt, let idle = configuration.idleTimeout, let context {
            // Calls came and went at once since the timer was armed: idle only since the last.
            lastCallAt = nil
            let quiet = context.eventLoop.now - last
            if quiet < TimeAmount(idle) {
                let handle = self.handle
                idleTimer = context.eventLoop.scheduleTask(in: TimeAmount(idle) - quiet) {
                    handle.handler.value.idleTimeoutFired()
                }
                return
            }
        }
        drain(reason: "idle timeout")
    }

    private func write(_ frame: Frame<ByteBuffer>) {
        guard let context, !closed else { return }
        let (earlier, own) = outbound.append(frame, allocator: context.channel.allocator)
        if let earlier { context.write(wrapOutboundOut(earlier), promise: nil) }
        if let own { context.write(wrapOutboundOut(own), promise: nil) }
        // Inside a read burst channelReadComplete flushes; otherwise flush once per loop tick.
        guard !inReadBurst, !flushScheduled else { return }
        flushScheduled = true
        let handle = self.handle
        context.eventLoop.execute {
            handle.handler.value.flushScheduled = false
            handle.handler.value.flushOutbound()
        }
    }

    /// Hands the frames encoded so far to the pipeline (without flushing). The buffer is taken out of
    /// ``OutboundBuffer`` before the pipeline sees it (here and in `flushOutbound`, not in a method of it): a
    /// write that closes the channel runs this handler again, which must not find `outbound` mid-mutation.
    private func writeOutbound() {
        guard let context, let buffer = outbound.take() else { return }
        context.write(wrapOutboundOut(buffer), promise: nil)
    }

    private func flushOutbound() {
        guard let context else { return }
        guard let buffer = outbound.take() else {
            context.flush()
            return
        }
        context.write(wrapOutboundOut(buffer), promise: nil)
        context.flush()
        outbound.recycle(buffer)
    }
}

/// Tells a queued call, on its connection's event loop, that it got a slot or was refused.
private struct QueuedCallWaiter: CallAdmissionWaiter {
    let callID: UInt32
    let eventLoop: any EventLoop
    let handler: NIOLoopBound<ServerConnectionHandler>

    func admitted(_ permit: CallAdmissionPermit) {
        let (callID, handler) = (callID, handler)
        eventLoop.execute { handler.value.admittedFromQueue(callID: callID, permit) }
    }

    func refused(_ message: String) {
        let (callID, handler) = (callID, handler)
        eventLoop.execute { handler.value.refusedFromQueue(callID: callID, message) }
    }
}

/// Ends a call whose deadline passed (scheduled on the connection's event loop).
private struct DeadlineExpiry: NIOScheduledCallbackHandler, Sendable {
    let callID: UInt32
    let handler: NIOLoopBound<ServerConnectionHandler>

    func handleScheduledCallback(eventLoop: some EventLoop) {
        handler.value.deadlineExpired(callID: callID)
    }
}
