import GatewayService
import NIOCore
import QuadWire
import Testing

@Suite("Gateway: streams pass through (G1)")
struct StreamingPassThroughTests {
    @Test("a server stream arrives whole and in order through the gateway")
    func serverStream() async throws {
        try await ProtectedGateway.run { gateway in
            let received = try await gateway.client.streamingCall(
                FlakyService.count,
                firstRequest: ByteBuffer(string: "100"),
                halfClose: true,
                options: .defaults
            ) { call in
                var texts: [String] = []
                for try await message in call.responses { texts.append(String(buffer: message)) }
                return texts
            }
            #expect(received == (0..<100).map { "\($0)" })
        }
    }

    @Test("a client stream is joined by the upstream and its one answer comes back")
    func clientStream() async throws {
        try await ProtectedGateway.run { gateway in
            let joined = try await gateway.client.streamingCall(
                FlakyService.join,
                firstRequest: nil,
                halfClose: false,
                options: .defaults
            ) { call in
                for word in ["a", "b", "c"] { try await call.send(ByteBuffer(string: word)) }
                try await call.finish()
                var answers: [String] = []
                for try await message in call.responses { answers.append(String(buffer: message)) }
                return answers
            }
            #expect(joined == ["a+b+c"])
        }
    }

    @Test("a bidirectional stream answers each message through the gateway")
    func bidirectional() async throws {
        try await ProtectedGateway.run { gateway in
            let answers = try await gateway.client.streamingCall(
                FlakyService.chat,
                firstRequest: nil,
                halfClose: false,
                options: .defaults
            ) { call in
                var answers: [String] = []
                var responses = call.responses.makeAsyncIterator()
                for word in ["hi", "there"] {
                    try await call.send(ByteBuffer(string: word))
                    if let answer = try await responses.next() { answers.append(String(buffer: answer)) }
                }
                try await call.finish()
                while let extra = try await responses.next() { answers.append(String(buffer: extra)) }
                return answers
            }
            #expect(answers == ["HI", "THERE"])
        }
    }

    @Test("a client that stops reading holds the upstream back by credit; the gateway does not buffer the stream")
    func creditEndToEnd() async throws {
        try await ProtectedGateway.run { gateway in
            let total = 2_000
            let (firstRead, aheadWhilePaused, all) = try await gateway.client.streamingCall(
                FlakyService.count,
                firstRequest: ByteBuffer(string: "\(total)"),
                halfClose: true,
                options: .defaults
            ) { call in
                var responses = call.responses.makeAsyncIterator()
                let first = try await responses.next().map { String(buffer: $0) }
                // Given a client that read one message and then stops reading: let every
                // other task run for a while (yields, not a clock)
                for _ in 0..<20_000 { await Task.yield() }
                let ahead = gateway.upstream.streamed
                // Then it reads the rest
                var count = 1
                while try await responses.next() != nil { count += 1 }
                return (first, ahead, count)
            }
            #expect(firstRead == "0")
            // At most the client's window (16), the gateway's upstream window (16) and the
            // few messages between them in flight: nowhere near the 2,000 a buffering
            // gateway would have pulled.
            #expect(aheadWhilePaused <= 40, "the upstream ran \(aheadWhilePaused) messages ahead of a paused client")
            #expect(all == total)
        }
    }
}
