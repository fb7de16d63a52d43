public import NIOCore
import NIOPosix

/// A TCP forwarder that injects faults: it listens on loopback, forwards each connection to its target byte for
/// byte (TLS passes through untouched), and on command delays, drops, resets or partitions the traffic
/// (``FaultProxyCommand``). `quad up --fault-proxy` puts one in front of every service for the gateway.
///
/// The proxy is commanded in-process (``apply(_:)``) or through its control port: a line protocol on loopback
/// (`TOKEN VERB [ARGUMENTS]`, answered `ok STATUS` or `error MESSAGE`), which `quad-load --fault` speaks through
/// ``FaultProxyControlClient``. Each line starts with the proxy's ``token``, which only endpoints.json (owner-only)
/// holds, so another user of the machine cannot command it.
public final class FaultProxy: Sendable {
    /// The address the proxy listens on, `127.0.0.1:PORT`: what the gateway is given instead of the service's.
    public let address: String
    /// The control port's address, `127.0.0.1:PORT`.
    public let controlAddress: String
    /// The secret every control line starts with.
    public let token: String
    private let core: FaultProxyCore
    private let listener: any Channel
    private let control: any Channel

    private init(core: FaultProxyCore, listener: any Channel, control: any Channel, token: String) throws {
        self.core = core
        self.listener = listener
        self.control = control
        self.token = token
        address = try Self.text(of: listener)
        controlAddress = try Self.text(of: control)
    }

    /// Starts a proxy forwarding to `host`:`port`, listening on `listenHost` (port 0: a free one), with its
    /// control port beside it, on one loop of `group` (NIO's shared group by default).
    ///
    /// - Throws: ``FaultProxyError`` (``FaultProxyError/Code/cannotListen``) when it cannot listen.
    public static func start(
        forwardingTo host: String,
        port: Int,
        listenHost: String = "127.0.0.1",
        listenPort: Int = 0,
        token: String = FaultProxy.newToken(),
        group: (any EventLoopGroup)? = nil
    ) async throws -> FaultProxy {
        // Every connection of the proxy and its control port on one loop: its state needs no lock.
        let loop = (group ?? MultiThreadedEventLoopGroup.singleton).next()
        let core = FaultProxyCore(loop: loop, targetHost: host, targetPort: port)
        do {
            let listener = try await ServerBootstrap(group: loop, childGroup: loop)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    core.accept(channel)
                    return channel.eventLoop.makeSucceededVoidFuture()
                }
                .bind(host: listenHost, port: listenPort)
                .get()
            let control = try await ServerBootstrap(group: loop, childGroup: loop)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            FaultProxyControlHandler(core: core, token: token)
                        )
                    }
                }
                .bind(host: "127.0.0.1", port: 0)
                .get()
            return try FaultProxy(core: core, listener: listener, control: control, token: token)
        } catch {
            throw FaultProxyError(
                .cannotListen,
                "the fault proxy for \(host):\(port) cannot listen on \(listenHost):\(listenPort): \(error)",
                cause: error
            )
        }
    }

    /// Does what `command` says and answers the state after it.
    @discardableResult
    public func apply(_ command: FaultProxyCommand) async throws -> FaultProxyStatus {
        try await core.loop.submit { [core] in core.apply(command) }.get()
    }

    /// The state now.
    public func status() async throws -> FaultProxyStatus {
        try await apply(.status)
    }

    /// Stops listening and resets every connection.
    public func close() async {
        try? await core.loop.submit { [core] in core.closeAll() }.get()
        try? await listener.close()
        try? await control.close()
    }

    /// A new random token: 32 hex digits.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }

    private static func text(of channel: any Channel) throws -> String {
        guard let address = channel.localAddress, let ip = address.ipAddress, let port = address.port else {
            throw FaultProxyError(.cannotListen, "the fault proxy's listener has no local address")
        }
        return "\(ip):\(port)"
    }
}
