import Foundation
import NIOCore
import QuadBuiltInContracts
import QuadWire
import QuadWireCore
import QuadWireNIO
import Testing

/// Handlers run on the connection's event loop by default; every call kind is also tested
/// with them on the global concurrent executor.
private let executions = ServerConfiguration.HandlerExecution.allCases

@Suite("Calls over loopback mutual TLS")
struct LiveCallTests {
    @Test("a unary call round-trips over mutual TLS", arguments: executions)
    func unary(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let response = try await client.unary(Echo.unary, request: text("hi"), as: Text.self, options: .defaults)
            #expect(response.service == "echo:hi")
        }
    }

    @Test("200 calls multiplex on one connection and each gets its own answer", arguments: executions)
    func multiplexed(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates, poolSize: 1)
            defer { client.close() }
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let response = try await client.unary(
                            Echo.unary,
                            request: text("\(index)"),
                            as: Text.self,
                            options: .defaults
                        )
                        return response.service == "echo:\(index)"
                    }
                }
                var correct = 0
                for try await ok in group where ok { correct += 1 }
                #expect(correct == 200)
            }
        }
    }

    @Test("a server stream longer than the initial credit arrives whole and in order", arguments: executions)
    func serverStreaming(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let received = try await client.serverStreaming(
                Echo.count,
                request: text("100"),
                as: Text.self,
                options: .defaults
            ) { responses in
                var values: [String] = []
                for try await response in responses { values.append(response.service) }
                return values
            }
            #expect(received == (0..<100).map { "\($0)" })
        }
    }

    @Test("a client stream longer than the initial credit is joined by the server", arguments: executions)
    func clientStreaming(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let response = try await client.clientStreaming(Echo.join, as: Text.self, options: .defaults) {
                (writer: MessageWriter<Text>) in
                for index in 0..<40 { try await writer.send(text("\(index)")) }
            }
            #expect(response.service == (0..<40).map { "\($0)" }.joined(separator: ","))
        }
    }

    @Test("a bidirectional stream answers each message", arguments: executions)
    func bidirectional(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let replies = try await client.bidirectionalStreaming(
                Echo.chat,
                as: Text.self,
                options: .defaults,
                requestProducer: { (writer: MessageWriter<Text>) in
                    for index in 0..<30 { try await writer.send(text("\(index)")) }
                },
                onResponse: { responses in
                    var values: [String] = []
                    for try await response in responses { values.append(response.service) }
                    return values
                }
            )
            #expect(replies == (0..<30).map { "re:\($0)" })
        }
    }

    @Test("an unknown method is UNIMPLEMENTED and the connection keeps working")
    func unimplemented() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.missing, request: text("x"), as: Text.self, options: .defaults)
            }
            #expect(error?.code == .unimplemented)
            #expect(error?.message.contains("quad.test.v1.Echo/Missing") == true)
            let response = try await client.unary(Echo.unary, request: text("still"), as: Text.self, options: .defaults)
            #expect(response.service == "echo:still")
        }
    }

    @Test("a payload that does not decode is INVALID_ARGUMENT and the connection keeps working", arguments: executions)
    func invalidPayload(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let garbage = ByteBuffer(bytes: [0xff, 0xff, 0xff, 0xff])
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.unary, request: garbage, options: .defaults)
            }
            #expect(error?.code == .invalidArgument)
            let response = try await client.unary(Echo.unary, request: text("ok"), as: Text.self, options: .defaults)
            #expect(response.service == "echo:ok")
        }
    }

    @Test("past its deadline a call ends DEADLINE_EXCEEDED and the handler is cancelled", arguments: executions)
    func deadline(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, events in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(
                    Echo.hang,
                    request: text(""),
                    as: Text.self,
                    options: CallOptions(timeout: .milliseconds(200))
                )
            }
            #expect(error?.code == .deadlineExceeded)
            #expect(await events.next("hang.cancelled"))
        }
    }

    @Test("a server's deadline cap ends a call that set none")
    func deadlineCap() async throws {
        try await withEchoServer(configure: { $0.maxDeadline = .milliseconds(200) }) { _, port, certificates, events in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.hang, request: text(""), as: Text.self, options: .defaults)
            }
            #expect(error?.code == .deadlineExceeded)
            #expect(await events.next("hang.cancelled"))
        }
    }

    @Test("cancelling the caller's task cancels the handler on the server", arguments: executions)
    func cancel(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { _, port, certificates, events in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let call = Task {
                try await client.unary(Echo.hang, request: text(""), as: Text.self, options: .defaults)
            }
            #expect(await events.next("hang.started"))
            call.cancel()
            let result = await call.result
            #expect(throws: RPCError.self) { try result.get() }
            #expect(await events.next("hang.cancelled"))
        }
    }

    @Test("a call made by a task already cancelled ends CANCELLED at once, not when the server answers")
    func cancelledBeforeTheCall() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            // Given a connection that is up
            _ = try await client.unary(Echo.unary, request: text("warm"), as: Text.self, options: .defaults)
            // When a task cancelled before it starts its call calls a method that never answers (within 5 s)
            let outcome = await withTaskGroup(of: Result<Text, any Error>.self) { group in
                group.addTask {
                    withUnsafeCurrentTask { $0?.cancel() }
                    do {
                        let options = CallOptions(timeout: .seconds(5))
                        return .success(
                            try await client.unary(Echo.hang, request: text(""), as: Text.self, options: options)
                        )
                    } catch {
                        return .failure(error)
                    }
                }
                return await group.next()!
            }
            // Then the call ends CANCELLED: it was abandoned, not left to run into its deadline
            let error = #expect(throws: RPCError.self) { try outcome.get() }
            #expect(error?.code == .cancelled, "\(String(describing: error))")
        }
    }

    @Test(
        "a client stream the server refuses while requests still go out fails with the server's status",
        .timeLimit(.minutes(1))
    )
    func refusedWhileSending() async throws {
        try await withEchoServer { _, port, certificates, events in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.clientStreaming(Echo.join, as: Text.self, options: .defaults) {
                    (writer: MessageWriter<Text>) in
                    try await writer.send(text("refuse"))
                    _ = await events.next("join.refused")
                    // A round trip on the same connection: the refusal's CallEnd, written first, has arrived.
                    _ = try await client.unary(Echo.unary, request: text("ping"), as: Text.self, options: .defaults)
                    try await writer.send(text("more"))
                }
            }
            #expect(error?.code == .permissionDenied)
            #expect(error?.message == "not yours to join")
        }
    }

    @Test("graceful shutdown lets an open call finish and refuses new ones", arguments: executions)
    func gracefulShutdown(execution: ServerConfiguration.HandlerExecution) async throws {
        try await withEchoServer(configure: { $0.handlerExecution = execution }) { server, port, certificates, events in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let stream = Task {
                try await client.clientStreaming(Echo.join, as: Text.self, options: .defaults) {
                    (writer: MessageWriter<Text>) in
                    try await writer.send(text("a"))
                    _ = await events.next("shutdown.begun")
                    try await writer.send(text("b"))
                }
            }
            #expect(await events.next("join.first"))
            server.beginGracefulShutdown()
            events.record("shutdown.begun")
            let joined = try await stream.value
            #expect(joined.service == "a,b")
            await #expect(throws: RPCError.self) {
                _ = try await client.unary(Echo.unary, request: text("late"), as: Text.self, options: .defaults)
            }
        }
    }

    @Test("Health/Check answers SERVING for a hosted service and NOT_FOUND for another")
    func health() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let health = Quad_Health_V1_Health.Client(transport: client)
            #expect(try await health.check(.with { $0.service = Echo.service }).status == .serving)
            #expect(try await health.check(.init()).status == .serving)
            let error = await #expect(throws: RPCError.self) {
                _ = try await health.check(.with { $0.service = "nope" })
            }
            #expect(error?.code == .notFound)
        }
    }

    @Test("Reflection lists the services and returns the file defining a symbol with its dependencies")
    func reflection() async throws {
        try await withEchoServer { _, port, certificates, _ in
            let client = try QuadClient.forTest(port: port, certificates: certificates)
            defer { client.close() }
            let reflection = Quad_Reflection_V1_Reflection.Client(transport: client)
            let services = try await reflection.listServices(.init()).services
            #expect(services.contains(Echo.service))
            #expect(services.contains("quad.health.v1.Health"))
            let files = try await reflection.fileContainingSymbol(.with { $0.symbol = "quad.health.v1.Health" })
            #expect(files.fileDescriptorProto.count >= 2)
            let error = await #expect(throws: RPCError.self) {
                _ = try await reflection.fileContainingSymbol(.with { $0.symbol = "no.such.Thing" })
            }
            #expect(error?.code == .notFound)
        }
    }
}
