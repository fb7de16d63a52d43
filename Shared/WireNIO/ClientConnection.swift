import NIOCore
import NIOPosix
import NIOSSL
import QuadWire
import QuadWireCore
import Synchronization

/// One client connection: TLS, ALPN quad/1, and calls multiplexed over it.
final class ClientConnection: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBound<ClientConnectionHandler>
    private let usableFlag: UsableFlag

    private init(channel: any Channel, handler: NIOLoopBound<ClientConnectionHandler>, usable: UsableFlag) {
        self.channel = channel
        self.handler = handler
        self.usableFlag = usable
    }

    /// True while new calls may use this connection.
    var isUsable: Bool { channel.isActive && usableFlag.isSet }

    /// Connects and completes the TLS handshake (refused certificates fail here).
    static func connect(
        host: String,
        port: Int,
        tls: TLSSettings?,
        configuration: ClientConfiguration,
        group: any EventLoopGroup
    ) async throws -> ClientConnection {
        let sslContext = try tls?.makeContext()
        let serverName = tls?.serverName ?? host
        let usable = UsableFlag()
        let channel: any Channel
        do {
            var bootstrap = ClientBootstrap(group: group)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connectTimeout(TimeAmount(configuration.connectTimeout))
            if let localAddress = configuration.localAddress {
                bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: localAddress, port: 0))
            }
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            throw RPCError(code: .unavailable, message: "cannot connect to \(host):\(port): \(error)", cause: error)
        }
        let handshake = channel.eventLoop.makePromise(of: Void.self)
        let handler: NIOLoopBound<ClientConnectionHandler>
        do {
            handler = try await channel.eventLoop.submit {
                let handler = ClientConnectionHandler(
                    handshake: handshake,
                    configuration: configuration,
                    usable: usable
                )
                let sync = channel.pipeline.syncOperations
                if let sslContext {
                    let hostname = serverName.first?.isNumber == true || serverName.contains(":") ? nil : serverName
                    try sync.addHandler(try NIOSSLClientHandler(context: sslContext, serverHostname: hostname))
                }
                try sync.addHandler(ByteToMessageHandler(FrameDecoderHandler(maxFrameSize: configuration.maxFrameSize)))
                try sync.addHandler(handler)
                if sslContext == nil { handshake.succeed() }
                // A connection the peer closed before the handlers were added (a proxy or a server resetting it at
                // once) never tells them it went inactive: the handshake fails here, or it would wait forever.
                if !channel.isActive { handshake.fail(RPCError(code: .unavailable, message: "connection closed")) }
                return NIOLoopBound(handler, eventLoop: channel.eventLoop)
            }.get()
        } catch {
            // The pipeline refused a handler (the connection closed meanwhile): the handshake promise ends here too,
            // never leaked (a debug build traps on a leaked promise: the gateway crashed this way in nemesis runs).
            handshake.fail(error)
            channel.close(promise: nil)
            throw RPCError(
                code: .unavailable,
                message: "cannot set up the connection to \(host):\(port): \(error)",
                cause: error
            )
        }
        do {
            try await handshake.futureResult.get()
        } catch {
            channel.close(promise: nil)
            throw RPCError(
                code: .unavailable,
                message: "TLS handshake with \(host):\(port) failed: \(error)",
                cause: error
            )
        }
        return ClientConnection(channel: channel, handler: handler, usable: usable)
    }

    func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer {
        let eventLoop = channel.eventLoop
        let handler = self.handler
        let token = ClientCallToken()
        let end = try await withTaskCancellationHandler {
            // The handler resumes the caller's task directly with the CallEnd: no promise, no
            // future callback per call.
            try await withUnsafeThrowingContinuation {
                (continuation: UnsafeContinuation<CallEnd<ByteBuffer>, any Error>) in
                // A caller already on the connection's event loop (an EventLoopTaskExecutor
                // preference) starts the call without a hop (and without a closure).
                if eventLoop.inEventLoop {
                    handler.value.startCall(
                        token: token,
                        method: method.fullName,
                        options: options,
                        firstRequest: request,
                        halfClose: true,
                        completion: .unary(continuation)
                    )
                } else {
                    eventLoop.execute {
                        handler.value.startCall(
                            token: token,
                            method: method.fullName,
                            options: options,
                            firstRequest: request,
                            halfClose: true,
                            completion: .unary(continuation)
                        )
                    }
                }
                // A task cancelled before it got here ran `onCancel` at once, before the call existed, so that
                // abandon found nothing and the call would wait for its answer: abandon it again, after the start.
                if Task.isCancelled {
                    eventLoop.execute {
                        handler.value.abandon(
                            token: token,
                            status: Status(code: .cancelled, message: "the caller cancelled the call")
                        )
                    }
                }
            }
        } onCancel: {
            eventLoop.execute {
                handler.value.abandon(
                    token: token,
                    status: Status(code: .cancelled, message: "the caller cancelled the call")
                )
            }
        }
        guard end.status.isOK else { throw RPCError(status: end.status, trailers: end.trailers) }
        guard let payload = end.payload else {
            throw RPCError(code: .internal, message: "\(method) ended OK without a response")
        }
        return payload
    }

    func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        let eventLoop = channel.eventLoop
        let handler = self.handler
        let token = ClientCallToken()
        let (responses, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let opened = eventLoop.makePromise(of: Void.self)
        eventLoop.execute {
            handler.value.startCall(
                token: token,
                method: method.fullName,
                options: options,
                firstRequest: firstRequest,
                halfClose: halfClose,
                completion: .streaming(continuation, opened: opened)
            )
        }
        try await opened.futureResult.get()
        let call = RawClientCall(
            send: { message in
                let promise = eventLoop.makePromise(of: Void.self)
                eventLoop.execute { handler.value.send(token: token, message, halfClose: false, promise: promise) }
                try await promise.futureResult.get()
            },
            finish: {
                let promise = eventLoop.makePromise(of: Void.self)
                eventLoop.execute { handler.value.halfClose(token: token, promise: promise) }
                try await promise.futureResult.get()
            },
            responses: RawRequestStream(stream: responses) {
                eventLoop.execute { handler.value.consumed(token: token) }
            }
        )
        let abandon: @Sendable () -> Void = {
            eventLoop.execute {
                handler.value.abandon(
                    token: token,
                    status: Status(code: .cancelled, message: "the caller cancelled the call")
                )
            }
        }
        do {
            let result = try await withTaskCancellationHandler {
                try await body(call)
            } onCancel: {
                abandon()
            }
            abandon()
            return result
        } catch {
            abandon()
            throw error
        }
    }

    /// Stops new calls; closes once open calls have finished.
    func drain() {
        let handler = self.handler
        channel.eventLoop.execute { handler.value.drain() }
    }
}
