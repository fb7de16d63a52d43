import NIOCore
import QuadWire
import QuadWireCore
import QuadWireInProcess
import QuadWireNIO
import Synchronization
import Testing

/// Handlers run on one of the group's event loops by default; the call kinds are also tested
/// with them on the global concurrent executor, as for the wire.
private let executions = ServerConfiguration.HandlerExecution.allCases

@Suite("In-process calls: the server's call path without a socket")
struct InProcessTransportTests {
    @Test("a unary call round-trips, with its metadata", arguments: executions)
    func unary(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withInProcessEcho(configure: { $0.handlerExecution = execution }) { transport, _, _ in
            let client = transport.client()
            let response = try await client.unary(Echo.unary, request: text("hi"), as: Text.self, options: .defaults)
            #expect(response.service == "echo:hi")
            let options = CallOptions(metadata: ["x-quad-test": "carried"])
            let metadata = try await client.unary(
                Echo.metadata,
                request: text("x-quad-test"),
                as: Text.self,
                options: options
            )
            #expect(metadata.service == "carried")
        }
    }

    @Test("a handler that never suspends (unarySync) is served in-process too, its errors mapped alike")
    func inline() async throws {
        try await withInProcessEcho { transport, _, _ in
            let client = transport.client()
            let response = try await client.unary(Echo.inline, request: text("hi"), as: Text.self, options: .defaults)
            #expect(response.service == "inline:hi")
            let failed = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.inline, request: text("fail"), as: Text.self, options: .defaults)
            }
            #expect(failed?.code == .notFound)
        }
    }

    @Test("a handler's RPCError arrives with its code, message and trailers; any other error is a generic INTERNAL")
    func errors() async throws {
        try await withInProcessEcho { transport, _, _ in
            let client = transport.client()
            let failed = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.fail, request: text(""), as: Text.self, options: .defaults)
            }
            #expect(failed?.code == .failedPrecondition)
            #expect(failed?.message == "the job is not open")
            #expect(failed?.trailers == ["retry-after-seconds": "3"])
            let crashed = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.crash, request: text(""), as: Text.self, options: .defaults)
            }
            #expect(crashed?.code == .internal)
            #expect(crashed?.message == "internal error")
            // As over the wire, what caused it stays on the server.
            #expect(crashed?.cause == nil)
        }
    }

    @Test("calls the wire's server refuses are refused alike: unknown method, bad metadata key, undecodable payload")
    func refusals() async throws {
        try await withInProcessEcho { transport, _, _ in
            let client = transport.client()
            let missing = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.missing, request: text(""), as: Text.self, options: .defaults)
            }
            #expect(missing?.code == .unimplemented)
            #expect(missing?.message == "unknown method 'quad.test.v1.Echo/Missing'")
            let badKey = await #expect(throws: RPCError.self) {
                _ = try await client.unary(
                    Echo.unary,
                    request: text(""),
                    as: Text.self,
                    options: CallOptions(metadata: ["Bad Key": "x"])
                )
            }
            #expect(badKey?.code == .invalidArgument)
            let garbage = await #expect(throws: RPCError.self) {
                _ = try await client.unary(
                    Echo.unary,
                    request: ByteBuffer(bytes: [0xFF, 0xFF, 0xFF]),
                    options: .defaults
                )
            }
            #expect(garbage?.code == .invalidArgument)
        }
    }

    @Test("a server stream longer than the window arrives whole and in order", arguments: executions)
    func serverStreaming(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withInProcessEcho(configure: { $0.handlerExecution = execution }) { transport, _, _ in
            let received = try await transport.client().serverStreaming(
                Echo.count,
                request: text("50"),
                as: Text.self,
                options: .defaults
            ) {
                stream in
                var received: [String] = []
                for try await message in stream { received.append(message.service) }
                return received
            }
            #expect(received == (0..<50).map { "\($0)" })
        }
    }

    @Test("a client stream longer than the window is joined by the handler", arguments: executions)
    func clientStreaming(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withInProcessEcho(configure: { $0.handlerExecution = execution }) { transport, _, _ in
            let joined = try await transport.client().clientStreaming(Echo.join, as: Text.self, options: .defaults) {
                (writer: MessageWriter<Text>) in
                for index in 0..<40 { try await writer.send(text("\(index)")) }
            }
            #expect(joined.service == (0..<40).map { "\($0)" }.joined(separator: ","))
        }
    }

    @Test("a client stream the handler refuses while requests still go out fails with the handler's status")
    func refusedWhileSending() async throws {
        try await withInProcessEcho { transport, events, _ in
            let client = transport.client()
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.clientStreaming(Echo.join, as: Text.self, options: .defaults) {
                    (writer: MessageWriter<Text>) in
                    try await writer.send(text("refuse"))
                    _ = await events.next("join.refused")
                    // The handler has thrown; one more round trip lets the end reach the call.
                    _ = try await client.unary(Echo.unary, request: text("ping"), as: Text.self, options: .defaults)
                    try await writer.send(text("more"))
                }
            }
            #expect(error?.code == .permissionDenied)
            #expect(error?.message == "not yours to join")
        }
    }

    @Test("a bidirectional stream answers each message", arguments: executions)
    func bidirectional(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withInProcessEcho(configure: { $0.handlerExecution = execution }) { transport, _, _ in
            let answers = try await transport.client().bidirectionalStreaming(
                Echo.chat,
                as: Text.self,
                options: .defaults
            ) {
                (writer: MessageWriter<Text>) in
                for word in ["a", "b", "c"] { try await writer.send(text(word)) }
            } onResponse: { stream in
                var answers: [String] = []
                for try await message in stream { answers.append(message.service) }
                return answers
            }
            #expect(answers == ["re:a", "re:b", "re:c"])
        }
    }

    @Test("a sender waits while the handler has 16 messages unconsumed")
    func window() async throws {
        try await withInProcessEcho { transport, events, _ in
            let released = Flag()
            let count = try await withThrowingTaskGroup(of: Text?.self) { group in
                group.addTask {
                    try await transport.client().clientStreaming(Echo.slowJoin, as: Text.self, options: .defaults) {
                        (writer: MessageWriter<Text>) in
                        for index in 0..<16 { try await writer.send(text("\(index)")) }
                        // The 17th finds no room until the handler starts reading.
                        try await writer.send(text("16"))
                        #expect(released.isSet, "the 17th message was taken before the handler read any")
                    }
                }
                group.addTask {
                    #expect(await events.next("slowJoin.started"))
                    released.set()
                    events.record("go")
                    return nil
                }
                var joined: Text?
                for try await result in group { if let result { joined = result } }
                return joined
            }
            #expect(count?.service == "17")
        }
    }

    @Test("past its deadline a call ends DEADLINE_EXCEEDED and the handler is cancelled", arguments: executions)
    func deadline(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withInProcessEcho(configure: { $0.handlerExecution = execution }) { transport, events, _ in
            let error = await #expect(throws: RPCError.self) {
                _ = try await transport.client().unary(
                    Echo.hang,
                    request: text(""),
                    as: Text.self,
                    options: CallOptions(timeout: .milliseconds(100))
                )
            }
            #expect(error?.code == .deadlineExceeded)
            #expect(await events.next("hang.cancelled"))
        }
    }

    @Test("the server's deadline cap ends a call that set none, and the handler sees no deadline of its own")
    func deadlineCap() async throws {
        try await withInProcessEcho(configure: { $0.maxDeadline = .milliseconds(100) }) {
            transport,
            events,
            interceptor in
            let error = await #expect(throws: RPCError.self) {
                _ = try await transport.client().unary(Echo.hang, request: text(""), as: Text.self, options: .defaults)
            }
            #expect(error?.code == .deadlineExceeded)
            #expect(await events.next("hang.cancelled"))
            #expect(interceptor.contexts.first?.deadline == nil)
        }
    }

    @Test("cancelling the caller's task ends the call CANCELLED and cancels the handler", arguments: executions)
    func cancel(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withInProcessEcho(configure: { $0.handlerExecution = execution }) { transport, events, _ in
            let outcome = await withTaskGroup(of: Result<Text, any Error>.self) { group in
                group.addTask {
                    do {
                        return .success(
                            try await transport.client().unary(
                                Echo.hang,
                                request: text(""),
                                as: Text.self,
                                options: .defaults
                            )
                        )
                    } catch {
                        return .failure(error)
                    }
                }
                #expect(await events.next("hang.started"))
                group.cancelAll()
                return await group.next()!
            }
            let error = #expect(throws: RPCError.self) { try outcome.get() }
            #expect(error?.code == .cancelled)
            #expect(await events.next("hang.cancelled"))
        }
    }

    @Test("a streaming body that returns before the end cancels the handler")
    func abandonedStream() async throws {
        try await withInProcessEcho { transport, _, _ in
            let first = try await transport.client().serverStreaming(
                Echo.count,
                request: text("1000"),
                as: Text.self,
                options: .defaults
            ) {
                stream in
                var iterator = stream.makeAsyncIterator()
                return try await iterator.next()?.service
            }
            #expect(first == "0")
            // The handler, blocked on the window, was cancelled: the transport still answers.
            let again = try await transport.client().unary(
                Echo.unary,
                request: text("again"),
                as: Text.self,
                options: .defaults
            )
            #expect(again.service == "echo:again")
        }
    }

    @Test("the interceptor sees the client's peer, and its refusal ends the call before the handler")
    func peer() async throws {
        try await withInProcessEcho { transport, _, interceptor in
            let peer = PeerInfo(address: "in-process", certificateDER: [0x30, 0x03, 0x02, 0x01, 0x07])
            let client = transport.client(peer: peer)
            _ = try await client.unary(Echo.unary, request: text("hi"), as: Text.self, options: .defaults)
            #expect(interceptor.contexts.last?.peer == peer)
            #expect(interceptor.contexts.last?.method == Echo.unary)
            let refused = await #expect(throws: RPCError.self) {
                _ = try await client.unary(
                    Echo.unary,
                    request: text("hi"),
                    as: Text.self,
                    options: CallOptions(metadata: ["x-refuse": "1"])
                )
            }
            #expect(refused?.code == .permissionDenied)
            #expect(refused?.message == "refused by the interceptor")
        }
    }

    @Test(
        "a message whose frame is over the server's limit ends its call UNAVAILABLE, as the wire's connection would close"
    )
    func maxFrameSize() async throws {
        try await withInProcessEcho(configure: { $0.maxFrameSize = 1024 }) { transport, _, _ in
            let client = transport.client()
            let large = await #expect(throws: RPCError.self) {
                _ = try await client.unary(
                    Echo.unary,
                    request: text(String(repeating: "x", count: 2000)),
                    as: Text.self,
                    options: .defaults
                )
            }
            #expect(large?.code == .unavailable)
            #expect(large?.message.contains("exceeds the limit of 1024 bytes") == true)
            let small = try await client.unary(Echo.unary, request: text("small"), as: Text.self, options: .defaults)
            #expect(small.service == "echo:small")
        }
    }

    @Test("after a graceful shutdown begins, new calls are UNAVAILABLE")
    func shutdown() async throws {
        try await withInProcessEcho { transport, _, _ in
            transport.beginGracefulShutdown()
            let refused = await #expect(throws: RPCError.self) {
                _ = try await transport.client().unary(
                    Echo.unary,
                    request: text("late"),
                    as: Text.self,
                    options: .defaults
                )
            }
            #expect(refused?.code == .unavailable)
        }
    }
}

/// A flag tasks share.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
