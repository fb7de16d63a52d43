public import NIOCore
public import NIOPosix
import NIOSSL
import NIOTLS

/// Opens one TLS connection to a quad server, completes the handshake and answers the serial of
/// the certificate the server presented: which certificate new connections get, e.g. after
/// `quad certs --rotate` asked the server to reload. The connection is closed at once.
public enum ServerCertificateProbe {
    /// The serial (lowercase hex, as ``TLSSettings/certificateSerial`` reports it) of the
    /// certificate `host:port` presents to a new connection made with `tls`.
    ///
    /// - Throws: The connect's or the handshake's error (a refused certificate, nothing
    ///   listening), or a timeout after `timeout`.
    public static func serial(
        host: String,
        port: Int,
        tls: TLSSettings,
        timeout: Duration = .seconds(5),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> String {
        let context = try tls.makeContext()
        let serverName = tls.serverName ?? host
        let hostname = serverName.first?.isNumber == true || serverName.contains(":") ? nil : serverName
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(TimeAmount(timeout))
            .connect(host: host, port: port).get()
        defer { channel.close(promise: nil) }
        let handshake = channel.eventLoop.makePromise(of: Void.self)
        try await channel.eventLoop.submit {
            let sync = channel.pipeline.syncOperations
            try sync.addHandler(try NIOSSLClientHandler(context: context, serverHostname: hostname))
            try sync.addHandler(HandshakeCompletion(promise: handshake))
            channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                handshake.fail(ProbeTimeout(host: host, port: port))
            }
        }.get()
        try await handshake.futureResult.get()
        guard let certificate = try await channel.nioSSL_peerCertificate().get() else {
            throw ProbeTimeout(host: host, port: port)
        }
        return TLSSettings.serial(of: certificate)
    }
}

/// Completes a promise when the TLS handshake has (or fails when it could not).
private final class HandshakeCompletion: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let promise: EventLoopPromise<Void>

    init(promise: EventLoopPromise<Void>) { self.promise = promise }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent { promise.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }
}

/// The server did not finish a TLS handshake in time, or presented no certificate.
struct ProbeTimeout: Error, CustomStringConvertible {
    var host: String
    var port: Int
    var description: String { "\(host):\(port) did not complete a TLS handshake presenting a certificate" }
}
