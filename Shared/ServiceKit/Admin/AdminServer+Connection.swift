import Logging
import NIOCore
import NIOHTTP1

extension AdminServer {
    /// Serves one connection: requests in order, each answered after its `.end`, until the client closes,
    /// asks for `connection: close`, or the task is cancelled.
    func handle(_ connection: Connection) async {
        do {
            try await connection.executeThenClose { inbound, outbound in
                var head: HTTPRequestHead?
                for try await part in inbound {
                    switch part {
                    case .head(let requestHead):
                        head = requestHead
                    case .body:
                        continue  // No admin route takes a body.
                    case .end:
                        guard let request = head else {
                            continue
                        }
                        head = nil
                        let response = await self.router.respond(method: request.method.rawValue, uri: request.uri)
                        try await Self.write(response, for: request, to: outbound)
                        if !request.isKeepAlive {
                            return
                        }
                    }
                }
            }
        } catch {
            self.logger.debug("admin connection closed with an error", metadata: ["error": "\(error)"])
        }
    }

    private static func write(
        _ response: AdminResponse,
        for request: HTTPRequestHead,
        to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    ) async throws {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: response.contentType)
        headers.add(name: "content-length", value: String(response.body.count))
        headers.add(name: "connection", value: request.isKeepAlive ? "keep-alive" : "close")
        for (name, value) in response.headers {
            headers.add(name: name, value: value)
        }
        let head = HTTPResponseHead(
            version: request.version,
            status: HTTPResponseStatus(statusCode: response.status),
            headers: headers
        )
        try await outbound.write(
            contentsOf: [
                .head(head),
                .body(.byteBuffer(ByteBuffer(bytes: response.body))),
                .end(nil),
            ]
        )
    }
}
