import NIOCore
import NIOPosix

/// A fault proxy's state and its connections, confined to one event loop (`loop`): every method runs there, which
/// is why the class may be shared (`@unchecked Sendable`) without a lock.
final class FaultProxyCore: @unchecked Sendable {
    /// The loop every connection of the proxy, and its control port, runs on.
    let loop: any EventLoop
    /// Where connections are forwarded.
    let targetHost: String
    let targetPort: Int
    private(set) var mode = FaultProxyMode()
    private var pipes: [ObjectIdentifier: FaultProxyPipe] = [:]
    private var heal: Scheduled<Void>?
    private var accepted = 0
    private var resetCount = 0
    var forwardedBytes = 0
    var droppedBytes = 0

    init(loop: any EventLoop, targetHost: String, targetPort: Int) {
        self.loop = loop
        self.targetHost = targetHost
        self.targetPort = targetPort
    }

    /// Takes a connection the listener accepted: reset at once while partitioned, else piped to a new connection
    /// to the target.
    func accept(_ client: any Channel) {
        loop.preconditionInEventLoop()
        accepted += 1
        guard !mode.partitioned else {
            resetCount += 1
            try? client.pipeline.syncOperations.addHandler(FaultProxyRefusal())
            return
        }
        let pipe = FaultProxyPipe(core: self, client: client)
        pipes[ObjectIdentifier(pipe)] = pipe
        do {
            try client.pipeline.syncOperations.addHandler(FaultProxySideHandler(pipe: pipe, side: .client))
        } catch {
            pipes[ObjectIdentifier(pipe)] = nil
            client.close(promise: nil)
            return
        }
        ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FaultProxySideHandler(pipe: pipe, side: .upstream))
                }
            }
            .connect(host: targetHost, port: targetPort)
            .whenComplete { result in
                switch result {
                case .success(let upstream): pipe.upstreamConnected(upstream)
                case .failure: pipe.upstreamFailed()
                }
            }
    }

    /// The delay a chunk read now gets, or nil when it is to be black-holed.
    func delayForChunk(bytes: Int) -> Duration? {
        if mode.dropping {
            droppedBytes += bytes
            return nil
        }
        return mode.delay
    }

    /// Forgets a pipe whose two connections have closed.
    func ended(_ pipe: FaultProxyPipe) {
        pipes[ObjectIdentifier(pipe)] = nil
    }

    /// Applies a control command and answers the state after it.
    func apply(_ command: FaultProxyCommand) -> FaultProxyStatus {
        loop.preconditionInEventLoop()
        let action = mode.apply(command)
        switch action {
        case .none: break
        case .resetAll: resetPipes { _ in true }
        case .resetLossy: resetPipes { $0.lostBytes }
        }
        switch command {
        case .delay(_, let duration?), .drop(let duration?), .partition(let duration?):
            scheduleHeal(after: duration)
        case .heal:
            heal?.cancel()
            heal = nil
        default:
            break
        }
        return status
    }

    /// The state now.
    var status: FaultProxyStatus {
        FaultProxyStatus(
            delay: mode.delay,
            dropping: mode.dropping,
            partitioned: mode.partitioned,
            openConnections: pipes.count,
            accepted: accepted,
            reset: resetCount,
            forwardedBytes: forwardedBytes,
            droppedBytes: droppedBytes
        )
    }

    /// Resets every connection.
    func closeAll() {
        resetPipes { _ in true }
    }

    private func scheduleHeal(after duration: Duration) {
        heal?.cancel()
        heal = loop.scheduleTask(in: TimeAmount(duration)) { [self] in
            heal = nil
            _ = apply(.heal)
        }
    }

    private func resetPipes(where shouldReset: (FaultProxyPipe) -> Bool) {
        for pipe in pipes.values where shouldReset(pipe) {
            resetCount += 1
            pipe.reset()
            pipes[ObjectIdentifier(pipe)] = nil
        }
    }

    /// Resets a connection accepted during a partition as soon as it is active.
    private final class FaultProxyRefusal: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        func channelActive(context: ChannelHandlerContext) {
            FaultProxyCore.resetClose(context.channel)
        }
    }

    /// Closes `channel` with a TCP reset (SO_LINGER 0) rather than a FIN: the peer sees ECONNRESET.
    static func resetClose(_ channel: any Channel) {
        guard let options = channel as? any SocketOptionProvider else {
            channel.close(promise: nil)
            return
        }
        options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }
}
