import Logging
import NIOCore
import NIOSSL
import QuadWire

/// An accepted connection: its channel, its handler and the stream of calls it opens.
struct ServerConnectionChannel: Sendable {
    let channel: any Channel
    let handle: ServerConnectionHandle
    let calls: AsyncStream<ServerCall>

    /// Builds the pipeline: TLS (if configured), frame decoder, connection handler.
    static func configure(
        _ channel: any Channel,
        sslContext: NIOSSLContext?,
        dispatcher: ServerCallDispatcher,
        configuration: ServerConfiguration,
        logger: Logger,
        handshakeCompleted: (@Sendable () -> Void)? = nil
    ) throws -> ServerConnectionChannel {
        let (calls, continuation) = AsyncStream<ServerCall>.makeStream()
        let handler = ServerConnectionHandler(
            dispatcher: dispatcher,
            configuration: configuration,
            calls: continuation,
            logger: logger,
            handshakeTimeout: sslContext == nil ? nil : configuration.handshakeTimeout,
            handshakeCompleted: handshakeCompleted
        )
        let sync = channel.pipeline.syncOperations
        if let sslContext { try sync.addHandler(NIOSSLServerHandler(context: sslContext)) }
        try sync.addHandler(
            ByteToMessageHandler(
                FrameDecoderHandler(maxFrameSize: configuration.maxFrameSize, methodNames: dispatcher.methodNames)
            )
        )
        try sync.addHandler(handler)
        return ServerConnectionChannel(
            channel: channel,
            handle: ServerConnectionHandle(
                eventLoop: channel.eventLoop,
                handler: NIOLoopBound(handler, eventLoop: channel.eventLoop)
            ),
            calls: calls
        )
    }
}
