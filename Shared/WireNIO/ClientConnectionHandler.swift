import NIOCore
import NIOTLS
import QuadWire
import QuadWireCore
import Synchronization

/// Shared between a connection's handler and the pool: false once the server said GoAway
/// or the connection closed.
final class UsableFlag: Sendable {
    private let value = Atomic<Bool>(true)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func clear() { value.store(false, ordering: .releasing) }
}

/// Identifies a call from the async side before (and after) it has a call id.
final class ClientCallToken: @unchecked Sendable {
    /// The call's id while it is open; read and written only on the connection's event loop
    /// (the handler's), which is what makes the class sendable.
    var callID: UInt32?
}

/// A call that never reached the server (it was above GoAway's last call id): retrying it is safe.
struct UnprocessedCallError: Error {
    let reason: String

    /// What a caller sees once no retry is left.
    var unavailable: RPCError {
        RPCError(code: .unavailable, message: "server went away before the call started: \(reason)")
    }
}

/// Runs the caller side of the quad wire on one connection, on its event loop.
final class ClientConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = Frame<ByteBuffer>
    typealias OutboundOut = ByteBuffer

    enum Completion {
        /// The caller's task, suspended until the CallEnd (resumed exactly once: a record is
        /// completed only as it is removed).
        case unary(UnsafeContinuation<CallEnd<ByteBuffer>, any Error>)
        case streaming(AsyncThrowingStream<ByteBuffer, any Error>.Continuation, opened: EventLoopPromise<Void>)
    }

    private struct CallRecord {
        var token: ClientCallToken
        var completion: Completion
        var deadline: Scheduled<Void>?
        var pendingSends: [(ByteBuffer, Bool, EventLoopPromise<Void>)] = []
    }

    private var stateMachine = ClientConnectionStateMachine()
    private var records: [UInt32: CallRecord] = [:]
    /// Why each streaming call the server ended refuses the sends that follow (its status: a refusal, not "the
    /// call has ended"), until its caller lets go of it.
    private var endedCalls: [ObjectIdentifier: RPCError] = [:]
    private var context: ChannelHandlerContext?
    private let handshake: EventLoopPromise<Void>
    private let configuration: ClientConfiguration
    /// Shared with the async side: false once the server said GoAway or the connection closed.
    let usable: UsableFlag
    private var flushScheduled = false
    private var inReadBurst = false
    /// Frames encoded since the last flush, written as one buffer (one TLS record) at the next.
    private var outbound = OutboundBuffer()
    /// The once-per-tick flush, made once.
    private var scheduledFlush: (@Sendable () -> Void)?
    private var lastReadAt = NIODeadline.now()
    private var pingOutstandingSince: NIODeadline?
    private var keepaliveTask: RepeatedTask?
    private var closeError: RPCError?

    init(handshake: EventLoopPromise<Void>, configuration: ClientConfiguration, usable: UsableFlag) {
        self.handshake = handshake
        self.configuration = configuration
        self.usable = usable
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        scheduledFlush = {
            handler.value.flushScheduled = false
            handler.value.flushOutbound()
        }
        if let interval = configuration.keepaliveInterval {
            // Tick often enough to notice both an idle interval and a missed Pong in time.
            let tick = TimeAmount(min(interval, configuration.keepaliveTimeout) / 2)
            let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
            keepaliveTask = context.eventLoop.scheduleRepeatedTask(initialDelay: tick, delay: tick) { _ in
                loopBound.value.keepaliveTick()
            }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        keepaliveTask?.cancel()
        scheduledFlush = nil
        self.context = nil
    }

    // MARK: Calls from the async side (on the event loop)

    func startCall(
        token: ClientCallToken,
        method: String,
        options: CallOptions,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        completion: Completion
    ) {
        switch stateMachine.openCall(halfClosed: halfClose) {
        case .refuse(let status):
            fail(completion, UnprocessedCallError(reason: status.message))
        case .open(let callID):
            var record = CallRecord(token: token, completion: completion)
            let timeoutMicros = ServerCallAcceptance.timeoutMicros(options.timeout)
            if let timeout = options.timeout {
                let loopBound = NIOLoopBound(self, eventLoop: context!.eventLoop)
                record.deadline = context!.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                    loopBound.value.abandon(
                        token: token,
                        status: Status(code: .deadlineExceeded, message: "deadline exceeded")
                    )
                }
            }
            records[callID] = record
            token.callID = callID
            write(
                Frame(
                    callID: callID,
                    body: .start(
                        CallStart(
                            method: method,
                            timeoutMicros: timeoutMicros,
                            metadata: options.metadata,
                            payload: firstRequest,
                            halfClose: halfClose
                        )
                    )
                )
            )
            if case .streaming(_, let opened) = completion { opened.succeed() }
        }
    }

    func send(token: ClientCallToken, _ message: ByteBuffer, halfClose: Bool, promise: EventLoopPromise<Void>) {
        guard let callID = token.callID, var record = records[callID] else {
            promise.fail(
                endedCalls[ObjectIdentifier(token)] ?? RPCError(code: .cancelled, message: "the call has ended")
            )
            return
        }
        if !record.pendingSends.isEmpty {
            record.pendingSends.append((message, halfClose, promise))
            records[callID] = record
            return
        }
        switch stateMachine.sendMessage(callID: callID, halfClose: halfClose) {
        case .send:
            write(Frame(callID: callID, body: .message(StreamMessage(payload: message, halfClose: halfClose))))
            promise.succeed()
        case .waitForCredit:
            record.pendingSends.append((message, halfClose, promise))
            records[callID] = record
        case .callEnded:
            promise.fail(RPCError(code: .failedPrecondition, message: "the request stream is closed"))
        }
    }

    func halfClose(token: ClientCallToken, promise: EventLoopPromise<Void>) {
        guard let callID = token.callID, let record = records[callID] else {
            promise.succeed()
            return
        }
        if !record.pendingSends.isEmpty {
            // Queue the half-close behind the messages waiting for credit.
            var record = record
            record.pendingSends.append((ByteBuffer(), true, promise))
            records[callID] = record
            return
        }
        if stateMachine.halfClose(callID: callID) {
            write(Frame(callID: callID, body: .message(StreamMessage(payload: ByteBuffer(), halfClose: true))))
        }
        promise.succeed()
    }

    func consumed(token: ClientCallToken) {
        guard let callID = token.callID else { return }
        if let grant = stateMachine.messagesConsumed(callID: callID) {
            write(Frame(callID: callID, body: .credit(grant)))
        }
    }

    /// The caller gave up (cancellation, deadline, or the body returned): send Cancel.
    func abandon(token: ClientCallToken, status: Status) {
        defer { endedCalls.removeValue(forKey: ObjectIdentifier(token)) }
        guard let callID = token.callID else { return }
        token.callID = nil
        let record = records.removeValue(forKey: callID)
        if stateMachine.cancel(callID: callID) { write(Frame(callID: callID, body: .cancel)) }
        if let record { complete(record, with: CallEnd(status: status)) }
        closeIfDrained()
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        inReadBurst = true
        lastReadAt = .now()
        switch stateMachine.receive(unwrapInboundIn(data)) {
        case .deliverMessage(let callID, let payload, _):
            if let payload, case .streaming(let continuation, _) = records[callID]?.completion {
                continuation.yield(payload)
            }
        case .finishCall(let callID, let end):
            if let record = removeRecord(callID) { complete(record, with: end) }
            closeIfDrained()
        case .failCall(let callID, let status):
            if let record = removeRecord(callID) { complete(record, with: CallEnd(status: status)) }
            write(Frame(callID: callID, body: .cancel))
        case .creditGranted(let callID):
            drainPendingSends(callID)
        case .sendPong(let nonce):
            write(Frame(callID: 0, body: .pong(nonce)))
        case .pongReceived:
            pingOutstandingSince = nil
        case .goAway(let goAway, let unprocessed):
            usable.clear()
            for callID in unprocessed {
                if let record = removeRecord(callID) {
                    fail(record.completion, UnprocessedCallError(reason: goAway.reason))
                }
            }
            closeError = RPCError(code: .unavailable, message: "server went away: \(goAway.reason)")
            closeIfDrained()
        case .protocolError(let error):
            var buffer = context.channel.allocator.buffer(capacity: 64)
            buffer.writeFrame(Frame<ByteBuffer>(callID: 0, body: .goAway(GoAway(lastCallID: 0, reason: error.reason))))
            closeError = RPCError(code: .internal, message: "protocol error from server: \(error.reason)")
            writeOutbound()
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
        case .none:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        inReadBurst = false
        flushOutbound()
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted(let negotiated) = event {
            if negotiated == TLSSettings.alpn {
                handshake.succeed()
            } else {
                handshake.fail(RPCError(code: .unavailable, message: "server did not negotiate ALPN quad/1"))
                context.close(promise: nil)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let message = error is WireProtocolError ? "protocol error: \(error)" : "connection failed: \(error)"
        closeError = closeError ?? RPCError(code: .unavailable, message: message, cause: error)
        handshake.fail(closeError!)
        if let error = error as? WireProtocolError {
            // Tell the server why before closing (docs/wire.md, protocol errors).
            var buffer = context.channel.allocator.buffer(capacity: 64)
            buffer.writeFrame(Frame<ByteBuffer>(callID: 0, body: .goAway(GoAway(lastCallID: 0, reason: error.reason))))
            writeOutbound()
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        usable.clear()
        let error = closeError ?? RPCError(code: .unavailable, message: "connection closed")
        handshake.fail(error)
        keepaliveTask?.cancel()
        for callID in stateMachine.connectionClosed() {
            if let record = removeRecord(callID) { complete(record, with: CallEnd(status: error.status)) }
        }
        context.fireChannelInactive()
    }

    // MARK: Helpers

    private func removeRecord(_ callID: UInt32) -> CallRecord? {
        guard let record = records.removeValue(forKey: callID) else { return nil }
        record.token.callID = nil
        return record
    }

    private func complete(_ record: CallRecord, with end: CallEnd<ByteBuffer>) {
        record.deadline?.cancel()
        let failure = RPCError(code: end.status.isOK ? .cancelled : end.status.code, message: end.status.message)
        for (_, _, promise) in record.pendingSends { promise.fail(failure) }
        if case .streaming = record.completion { endedCalls[ObjectIdentifier(record.token)] = failure }
        switch record.completion {
        case .unary(let continuation):
            continuation.resume(returning: end)
        case .streaming(let continuation, _):
            if let payload = end.payload { continuation.yield(payload) }
            if end.status.isOK {
                continuation.finish()
            } else {
                continuation.finish(throwing: RPCError(status: end.status, trailers: end.trailers))
            }
        }
    }

    private func fail(_ completion: Completion, _ error: any Error) {
        switch completion {
        case .unary(let continuation): continuation.resume(throwing: error)
        case .streaming(let continuation, let opened):
            continuation.finish(throwing: error)
            opened.fail(error)
        }
    }

    private func drainPendingSends(_ callID: UInt32) {
        guard var record = records[callID] else { return }
        while let (message, halfClose, promise) = record.pendingSends.first {
            if halfClose && message.readableBytes == 0 {
                // A queued half-close spends no credit.
                record.pendingSends.removeFirst()
                if stateMachine.halfClose(callID: callID) {
                    write(Frame(callID: callID, body: .message(StreamMessage(payload: message, halfClose: true))))
                }
                promise.succeed()
                continue
            }
            guard stateMachine.sendMessage(callID: callID, halfClose: halfClose) == .send else { break }
            record.pendingSends.removeFirst()
            write(Frame(callID: callID, body: .message(StreamMessage(payload: message, halfClose: halfClose))))
            promise.succeed()
        }
        records[callID] = record
    }

    private func keepaliveTick() {
        guard let context else { return }
        if let since = pingOutstandingSince {
            if NIODeadline.now() - since > TimeAmount(configuration.keepaliveTimeout) {
                closeError = RPCError(code: .unavailable, message: "keepalive timeout: the server did not answer Ping")
                context.close(promise: nil)
            }
            return
        }
        guard let interval = configuration.keepaliveInterval, NIODeadline.now() - lastReadAt >= TimeAmount(interval)
        else {
            return
        }
        pingOutstandingSince = .now()
        write(Frame(callID: 0, body: .ping(UInt64.random(in: 1...UInt64.max))))
    }

    private func closeIfDrained() {
        guard stateMachine.closeIfDrained(), let context else { return }
        flushOutbound()
        context.close(promise: nil)
    }

    /// Closes the connection: no new calls; open ones finish first.
    func drain() {
        stateMachine.beginDrain()
        usable.clear()
        if stateMachine.openCalls == 0 { context?.close(promise: nil) }
    }

    private func write(_ frame: Frame<ByteBuffer>) {
        guard let context else { return }
        let (earlier, own) = outbound.append(frame, allocator: context.channel.allocator)
        if let earlier { context.write(wrapOutboundOut(earlier), promise: nil) }
        if let own { context.write(wrapOutboundOut(own), promise: nil) }
        guard !inReadBurst, !flushScheduled, let scheduledFlush else { return }
        flushScheduled = true
        context.eventLoop.execute(scheduledFlush)
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
