import NIOCore
import NIOPosix
import Synchronization

/// Commands a ``FaultProxy`` through its control port (what `quad-load --fault delay:jobs@…` uses): one
/// connection per command, one line out, one line back.
public struct FaultProxyControlClient: Sendable {
    /// The control port's `host:port`.
    public var address: String
    /// The proxy's token.
    public var token: String

    /// A client of the control port at `address` (`127.0.0.1:PORT`).
    public init(address: String, token: String) {
        self.address = address
        self.token = token
    }

    /// Sends `command` and returns the proxy's state after it (the `ok` line's rest).
    ///
    /// - Throws: ``FaultProxyError`` (``FaultProxyError/Code/controlFailed``) when the port cannot be reached, does
    ///   not answer within `timeout`, or answers an error.
    @discardableResult
    public func send(_ command: FaultProxyCommand, timeout: Duration = .seconds(5)) async throws -> String {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]) else {
            throw FaultProxyError(.controlFailed, "the fault proxy's control address '\(address)' is not host:port")
        }
        let host = String(address[..<colon])
        let group = MultiThreadedEventLoopGroup.singleton
        let answer = group.next().makePromise(of: String.self)
        let reader = FaultProxyAnswerReader(answer: answer)
        let line = "\(token) \(command)\n"
        do {
            let channel = try await ClientBootstrap(group: group)
                .connectTimeout(TimeAmount(timeout))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(reader) }
                }
                .connect(host: host, port: port)
                .get()
            let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                answer.fail(FaultProxyError(.controlFailed, "no answer within \(timeout)"))
            }
            defer {
                timer.cancel()
                channel.close(promise: nil)
            }
            try await channel.writeAndFlush(ByteBuffer(string: line))
            let text = try await answer.futureResult.get()
            guard text.hasPrefix("ok") else {
                throw FaultProxyError(.controlFailed, "the fault proxy at \(address) refused '\(command)': \(text)")
            }
            return String(text.dropFirst(2).drop { $0 == " " })
        } catch let error as FaultProxyError {
            throw error
        } catch {
            answer.fail(error)
            throw FaultProxyError(
                .controlFailed,
                "cannot reach the fault proxy's control port \(address) to send '\(command)': \(error)",
                cause: error
            )
        }
    }
}

/// Collects the first line the control port answers.
private final class FaultProxyAnswerReader: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let answer: EventLoopPromise<String>
    private let received = Mutex<[UInt8]>([])

    init(answer: EventLoopPromise<String>) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
        let line: String? = received.withLock { received in
            received += bytes
            guard let newline = received.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            return String(decoding: received[..<newline], as: UTF8.self)
        }
        if let line { answer.succeed(line) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        answer.fail(FaultProxyError(.controlFailed, "the control port closed the connection without an answer"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answer.fail(error)
        context.close(promise: nil)
    }
}
