import Foundation
import NIOCore
import NIOPosix

/// A response as the test client read it off the socket.
struct HTTPTestResponse {
    var status: Int
    var headers: [String: String]
    var body: String
}

/// A plain TCP client that writes HTTP/1.1 requests by hand and parses the responses: the simplest thing that
/// shows what really goes over the wire.
final class HTTPTestConnection {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var buffer = ByteBuffer()

    private init(
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.inbound = inbound
        self.outbound = outbound
    }

    /// Connects to 127.0.0.1:`port`, runs `body`, then closes the connection.
    static func with<Result>(
        port: Int,
        _ body: (HTTPTestConnection) async throws -> Result
    ) async throws -> Result {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            let connection = HTTPTestConnection(inbound: inbound.makeAsyncIterator(), outbound: outbound)
            return try await body(connection)
        }
    }

    /// Opens a connection, sends one request with `connection: close`, and returns the response.
    static func request(_ path: String, method: String = "GET", port: Int) async throws -> HTTPTestResponse {
        try await Self.with(port: port) { connection in
            try await connection.send(method, path, keepAlive: false)
            return try await connection.readResponse()
        }
    }

    /// Writes raw bytes (one or several requests).
    func write(_ raw: String) async throws {
        try await self.outbound.write(ByteBuffer(string: raw))
    }

    /// Writes one request.
    func send(_ method: String, _ path: String, keepAlive: Bool) async throws {
        try await self.write(Self.requestText(method, path, keepAlive: keepAlive))
    }

    static func requestText(_ method: String, _ path: String, keepAlive: Bool) -> String {
        "\(method) \(path) HTTP/1.1\r\nhost: localhost\r\nconnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
    }

    /// Reads exactly one response (head plus `content-length` bytes of body).
    func readResponse() async throws -> HTTPTestResponse {
        while true {
            if let response = self.parseResponse() {
                return response
            }
            guard var chunk = try await self.inbound.next() else {
                throw HTTPTestError(message: "connection closed before a whole response arrived")
            }
            self.buffer.writeBuffer(&chunk)
        }
    }

    /// Reads until the server closes the connection; true if it closed without sending anything more.
    func readUntilClosed() async throws -> Bool {
        while var chunk = try await self.inbound.next() {
            self.buffer.writeBuffer(&chunk)
        }
        return self.buffer.readableBytes == 0
    }

    private func parseResponse() -> HTTPTestResponse? {
        let text = String(buffer: self.buffer)
        guard let headEnd = text.utf8.firstRange(of: "\r\n\r\n".utf8) else {
            return nil
        }
        let headText = String(text[..<headEnd.lowerBound])
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        let headLength = text.utf8.distance(from: text.startIndex, to: headEnd.upperBound)
        let bodyLength = Int(headers["content-length"] ?? "0") ?? 0
        guard self.buffer.readableBytes >= headLength + bodyLength else {
            return nil
        }
        self.buffer.moveReaderIndex(forwardBy: headLength)
        let body = self.buffer.readString(length: bodyLength) ?? ""
        self.buffer.discardReadBytes()
        return HTTPTestResponse(status: Int(statusLine[1]) ?? 0, headers: headers, body: body)
    }
}

struct HTTPTestError: Error {
    var message: String
}
