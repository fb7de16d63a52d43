import NIOCore

/// The control port's side of the line protocol: each line `TOKEN VERB [ARGUMENTS]` is applied to the proxy and
/// answered `ok STATUS` or `error MESSAGE`. Runs on the proxy's loop.
final class FaultProxyControlHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// A line longer than this closes the connection.
    static let maximumLine = 1024

    private let core: FaultProxyCore
    private let token: String
    private var pending: [UInt8] = []

    init(core: FaultProxyCore, token: String) {
        self.core = core
        self.token = token
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        pending += buffer.readBytes(length: buffer.readableBytes) ?? []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            let answer = answer(to: line)
            context.write(wrapOutboundOut(ByteBuffer(string: answer + "\n")), promise: nil)
        }
        context.flush()
        if pending.count > Self.maximumLine { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answer(to line: String) -> String {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\r" || $0 == "\t" })
        guard let first = words.first, first == token else {
            return "error \(FaultProxyError.Code.badToken.rawValue): the line does not start with this proxy's token"
        }
        do {
            let command = try FaultProxyCommand.parse(Array(words.dropFirst()))
            return "ok \(core.apply(command))"
        } catch {
            return "error \(error)"
        }
    }
}
