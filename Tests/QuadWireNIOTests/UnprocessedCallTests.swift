import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import QuadWire
import QuadWireCore
@testable import QuadWireNIO
import Testing

/// A server that completes the TLS handshake and then says GoAway before any call: every call
/// sent to it is one the server never processed.
private final class GoAwayAtHandshake: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event as? TLSUserEvent ?? .shutdownCompleted {
            var buffer = context.channel.allocator.buffer(capacity: 32)
            buffer.writeFrame(Frame<ByteBuffer>(callID: 0, body: .goAway(GoAway(lastCallID: 0, reason: "draining"))))
            context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

@Suite("Calls the server never processed")
struct UnprocessedCallTests {
    @Test("a unary call that no connection processes, retry included, is UNAVAILABLE naming the server's reason")
    func unaryNeverProcessed() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let context = try certificates.serverTLS().makeContext()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.addHandler(GoAwayAtHandshake())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        let client = try QuadClient.forTest(port: port, certificates: certificates)
        defer { client.close() }
        for _ in 0..<3 {
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.unary, request: text("x"), as: Text.self, options: .defaults)
            }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("draining") == true, "\(String(describing: error))")
        }
        try await server.close()
    }
}
