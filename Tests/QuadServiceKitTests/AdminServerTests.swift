import Logging
import Metrics
import QuadServiceKit
import ServiceLifecycle
import Testing

@Suite("AdminServer")
struct AdminServerTests {
    private static let quietLogger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    /// Runs `server` on 127.0.0.1:0 for the duration of `body`, then cancels it.
    private func withRunningServer<Result: Sendable>(
        _ server: AdminServer,
        _ body: (Int) async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            let port = try await server.boundPort()
            let result = try await body(port)
            group.cancelAll()
            try await group.waitForAll()
            return result
        }
    }

    private func makeServer(
        metrics: MetricsSetup = MetricsSetup(),
        checks: [ReadinessCheck] = []
    ) -> AdminServer {
        AdminServer(
            configuration: AdminServerConfiguration(host: "127.0.0.1", port: 0),
            registry: metrics.registry,
            readinessChecks: checks,
            logger: Self.quietLogger
        )
    }

    @Test("GET /healthz answers 200 ok")
    func healthz() async throws {
        // Given a running admin server
        let server = self.makeServer()
        try await self.withRunningServer(server) { port in
            // When a client asks for /healthz
            let response = try await HTTPTestConnection.request("/healthz", port: port)
            // Then it is alive
            #expect(response.status == 200)
            #expect(response.body == "ok\n")
            #expect(response.headers["content-type"]?.hasPrefix("text/plain") == true)
        }
    }

    @Test("GET /readyz is 503 with the reason until the check is ready, then 200")
    func readyz() async throws {
        // Given a server whose database gate is still starting, and a listener gate that is ready
        let database = ReadinessGate(name: "database")
        let listener = ReadinessGate(name: "listener", initial: .ready)
        let server = self.makeServer(checks: [listener.check])
        server.addReadinessCheck(database.check)
        try await self.withRunningServer(server) { port in
            // When a probe asks before the database is ready
            let before = try await HTTPTestConnection.request("/readyz", port: port)
            // Then it is refused with one line per reason
            #expect(before.status == 503)
            #expect(before.body == "database: starting\n")

            // When the database becomes ready
            database.markReady()
            let after = try await HTTPTestConnection.request("/readyz", port: port)
            // Then the probe passes
            #expect(after.status == 200)
            #expect(after.body == "ready\n")
        }
    }

    @Test("GET /metrics exposes counters recorded through a registry-backed factory")
    func metrics() async throws {
        // Given a counter incremented through a local factory
        let metrics = MetricsSetup()
        Counter(label: "quad_test_widgets_total", dimensions: [("kind", "blue")], factory: metrics.factory)
            .increment(by: 3)
        let server = self.makeServer(metrics: metrics)
        try await self.withRunningServer(server) { port in
            // When Prometheus scrapes
            let response = try await HTTPTestConnection.request("/metrics", port: port)
            // Then the counter is in the text exposition format
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(response.body.contains(#"quad_test_widgets_total{kind="blue"} 3"#))
        }
    }

    @Test(
        "unknown paths are 404 and other methods 405",
        arguments: [
            ("GET", "/nope", 404),
            ("GET", "/healthz/extra", 404),
            ("POST", "/healthz", 405),
            ("DELETE", "/metrics", 405),
            ("GET", "/healthz?verbose=1", 200),
        ]
    )
    func routing(method: String, path: String, expectedStatus: Int) async throws {
        // Given a running admin server
        let server = self.makeServer()
        try await self.withRunningServer(server) { port in
            // When a client sends the request
            let response = try await HTTPTestConnection.request(path, method: method, port: port)
            // Then the status matches the route table
            #expect(response.status == expectedStatus)
            if expectedStatus == 405 {
                #expect(response.headers["allow"] == "GET")
            }
        }
    }

    @Test("keeps a connection alive across requests until the client asks to close")
    func keepAlive() async throws {
        // Given a running admin server and one connection
        let server = self.makeServer()
        try await self.withRunningServer(server) { port in
            try await HTTPTestConnection.with(port: port) { connection in
                // When two requests are pipelined, the second asking to close
                try await connection.write(
                    HTTPTestConnection.requestText("GET", "/healthz", keepAlive: true)
                        + HTTPTestConnection.requestText("GET", "/readyz", keepAlive: false)
                )
                let first = try await connection.readResponse()
                let second = try await connection.readResponse()
                // Then both are answered in order on the same connection, which then closes
                #expect(first.status == 200)
                #expect(first.headers["connection"] == "keep-alive")
                #expect(first.body == "ok\n")
                #expect(second.body == "ready\n")
                #expect(try await connection.readUntilClosed())
            }
        }
    }

    @Test("graceful shutdown closes idle keep-alive connections and the listener")
    func gracefulShutdown() async throws {
        // Given an admin server running in a service group, with an idle keep-alive connection
        let server = self.makeServer()
        let group = ServiceGroup(configuration: .init(services: [server], logger: Self.quietLogger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let port = try await server.boundPort()
            try await HTTPTestConnection.with(port: port) { connection in
                try await connection.send("GET", "/healthz", keepAlive: true)
                #expect(try await connection.readResponse().status == 200)

                // When the group shuts down gracefully
                await group.triggerGracefulShutdown()

                // Then the idle connection is closed by the server
                #expect(try await connection.readUntilClosed())
            }
            // And the service returns without an error
            try await tasks.waitForAll()
        }
        // And the server no longer reports a port
        await #expect(throws: AdminServerError.self) { try await server.boundPort() }
    }

    @Test("run() refuses to run twice and reports a port that is in use")
    func bindFailure() async throws {
        // Given a server listening on some port
        let first = self.makeServer()
        try await self.withRunningServer(first) { port in
            // When a second server is configured with the same port
            let second = AdminServer(
                configuration: AdminServerConfiguration(host: "127.0.0.1", port: port),
                registry: MetricsSetup().registry,
                logger: Self.quietLogger
            )
            // Then run() fails with bindFailed, and waiting for its port fails too
            let error = await #expect(throws: AdminServerError.self) { try await second.run() }
            #expect(error?.code == .bindFailed)
            await #expect(throws: AdminServerError.self) { try await second.boundPort() }
        }
    }
}
