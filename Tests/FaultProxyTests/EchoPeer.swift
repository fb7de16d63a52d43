import NIOCore
import NIOPosix
import Testing

/// What a test connection sees.
enum PeerEvent: Sendable, Equatable {
    case bytes(String)
    case closed
}

/// An echo server on loopback port 0: what the proxy forwards to in these tests.
struct EchoServer {
    let channel: any Channel
    var port: Int { channel.localAddress!.port! }

    static func start() async throws -> EchoServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Echo()) }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return EchoServer(channel: channel)
    }

    func close() async { try? await channel.close() }

    private final class Echo: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.writeAndFlush(data, promise: nil)
        }
        func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
    }
}

/// A client connection whose reads and close arrive as events.
final class TestConnection {
    let channel: any Channel
    private var events: AsyncStream<PeerEvent>.AsyncIterator
    private var received = ""

    private init(channel: any Channel, events: AsyncStream<PeerEvent>) {
        self.channel = channel
        self.events = events.makeAsyncIterator()
    }

    static func open(_ address: String) async throws -> TestConnection {
        let colon = address.lastIndex(of: ":")!
        let (stream, continuation) = AsyncStream.makeStream(of: PeerEvent.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Recorder(continuation: continuation))
                }
            }
            .connect(host: String(address[..<colon]), port: Int(address[address.index(after: colon)...])!)
            .get()
        return TestConnection(channel: channel, events: stream)
    }

    /// True when a new connection to `address` is closed at once without a byte: it opens and reads nothing, or the
    /// proxy's reset beats the end of the connect (ECONNRESET while connecting, seen on a loaded machine).
    /// A refused connect (nothing listening) is not this and throws.
    static func closedAtOnce(_ address: String) async throws -> Bool {
        do {
            let connection = try await open(address)
            return await connection.read(count: 1) == nil
        } catch let error as NIOConnectionError
            where !error.connectionErrors.isEmpty
            && error.connectionErrors.allSatisfy({ ($0.error as? IOError)?.errnoCode == ECONNRESET })
        {
            return true
        }
    }

    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Reads until `count` characters have come, or nil when the connection closed first.
    func read(count: Int) async -> String? {
        while received.count < count {
            switch await events.next() {
            case .bytes(let text): received += text
            case .closed, nil: return nil
            }
        }
        defer { received = "" }
        return received
    }

    /// Waits for the connection to close, skipping what it reads; true when it closed.
    func closed() async -> Bool {
        while let event = await events.next() {
            if event == .closed { return true }
        }
        return true
    }

    func close() async { try? await channel.close() }

    private final class Recorder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let continuation: AsyncStream<PeerEvent>.Continuation
        init(continuation: AsyncStream<PeerEvent>.Continuation) { self.continuation = continuation }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            continuation.yield(.bytes(String(buffer: unwrapInboundIn(data))))
        }
        func channelInactive(context: ChannelHandlerContext) {
            continuation.yield(.closed)
            continuation.finish()
        }
        func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
    }
}

/// Polls `condition` until it holds, for at most `timeout`; records an issue if it never does.
func eventually(
    _ what: String,
    timeout: Duration = .seconds(10),
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("never happened within \(timeout): \(what)")
}
