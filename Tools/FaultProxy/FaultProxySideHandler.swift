import NIOCore

/// Hands what one connection of a ``FaultProxyPipe`` reads to the pipe, and tells it when the connection closes.
final class FaultProxySideHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let pipe: FaultProxyPipe
    private let side: FaultProxyPipe.Side

    init(pipe: FaultProxyPipe, side: FaultProxyPipe.Side) {
        self.pipe = pipe
        self.side = side
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pipe.read(unwrapInboundIn(data), from: side)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pipe.closed(side)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset or a broken connection: closing it tells the pipe (channelInactive).
        context.close(promise: nil)
    }
}
