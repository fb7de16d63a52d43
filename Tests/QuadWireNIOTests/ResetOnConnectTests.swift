import NIOCore
import NIOPosix
import QuadWire
import QuadWireNIO
import Testing

/// A peer that resets every connection as soon as it is accepted (a fault proxy's partition, a server dying): the
/// client's connect must fail as UNAVAILABLE, never wait forever nor leak its handshake promise (which a debug
/// build traps on: the gateway crashed this way in nemesis runs, issue 17).
@Suite("A peer that resets every connection at once")
struct ResetOnConnectTests {
    @Test("every call fails UNAVAILABLE and the client is not stuck")
    func resetAtOnce() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Resetter()) }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let client = QuadClient(
            host: "127.0.0.1",
            port: listener.localAddress!.port!,
            tls: try certificates.clientTLS(),
            configuration: ClientConfiguration(
                initialReconnectBackoff: .milliseconds(1),
                maxReconnectBackoff: .milliseconds(1)
            )
        )
        defer { client.close() }
        for _ in 0..<40 {
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(
                    Echo.unary,
                    request: text("x"),
                    as: Text.self,
                    options: CallOptions(timeout: .seconds(10))
                )
            }
            #expect(error?.code == .unavailable)
        }
        try await listener.close()
    }

    /// Resets each connection (SO_LINGER 0, then close) once it is active.
    private final class Resetter: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        func channelActive(context: ChannelHandlerContext) {
            let channel = context.channel
            (channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0))
                .whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
