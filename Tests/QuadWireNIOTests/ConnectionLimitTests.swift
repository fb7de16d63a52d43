import Foundation
import NIOCore
import NIOPosix
import QuadBuiltInContracts
import QuadTestSupport
import QuadWire
@testable import QuadWireNIO
import Testing

/// A TCP connection that never sends a byte (no TLS handshake), from `address`.
private func silentConnection(to port: Int, from address: String) async throws -> any Channel {
    try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .bind(to: try SocketAddress(ipAddress: address, port: 0))
        .connect(host: "127.0.0.1", port: port)
        .get()
}

/// A client from `address` that completes its handshake and calls.
private func client(port: Int, certificates: TestCertificates, from address: String) throws -> QuadClient {
    var configuration = ClientConfiguration(poolSize: 1, connectTimeout: LoadedMachine.patience)
    configuration.localAddress = address
    return QuadClient(host: "127.0.0.1", port: port, tls: try certificates.clientTLS(), configuration: configuration)
}

private func check(_ client: QuadClient) async throws -> Quad_Health_V1_HealthCheckResponse.ServingStatus {
    try await Quad_Health_V1_Health.Client(transport: client).check(.init()).status
}

@Suite("Server connections: handshake timeout and caps (issue 11, item 7)")
struct ConnectionLimitTests {
    @Test(
        "a silent TCP connection is closed once the handshake timeout passes; an established one stays",
        .timeLimit(.minutes(2))
    )
    func handshakeTimeout() async throws {
        try await withEchoServer(configure: { $0.handshakeTimeout = .seconds(15) }) { server, port, certificates, _ in
            // Given: a client that finished its handshake. 15 s, and up to three tries: a debug build's first mutual-TLS
            // handshake can take over 5 s while the whole suite starts on two cores (CI saw three 5 s tries fail), and
            // the server would close it too.
            let app = try client(port: port, certificates: certificates, from: "127.0.0.1")
            defer { app.close() }
            var status: Quad_Health_V1_HealthCheckResponse.ServingStatus?
            for attempt in 1...3 where status == nil {
                do { status = try await check(app) } catch let error as RPCError
                    where error.code == .unavailable && attempt < 3
                {}
            }
            #expect(status == .serving)

            // When: a connection sends nothing
            let started = ContinuousClock.now
            let silent = try await silentConnection(to: port, from: "127.0.0.2")
            try await silent.closeFuture.get()

            // Then: the server closed it, no sooner than the timeout
            #expect(ContinuousClock.now - started >= .seconds(15))
            // And: the app's connection, older than the timeout by now, still serves on the same connection
            #expect(try await check(app) == .serving)
            #expect(server.openConnections(from: "127.0.0.1") == 1)
        }
    }

    @Test(
        "a connection beyond the per-address cap is closed as accepted; other addresses still connect",
        .timeLimit(.minutes(1))
    )
    func perAddressCap() async throws {
        try await withEchoServer(configure: {
            $0.maxConnectionsPerAddress = 2
            $0.handshakeTimeout = nil
        }) { server, port, certificates, _ in
            // Given: two connections from 127.0.0.5, the cap
            let held = [
                try await silentConnection(to: port, from: "127.0.0.5"),
                try await silentConnection(to: port, from: "127.0.0.5"),
            ]
            try await Wait.until("two connections from 127.0.0.5") { server.openConnections(from: "127.0.0.5") >= 2 }

            // When: a third comes from the same address
            let third = try await silentConnection(to: port, from: "127.0.0.5")

            // Then: it is closed at once (no handshake timeout is set: only the cap closes it)
            try await third.closeFuture.get()
            #expect(server.openConnections(from: "127.0.0.5") == 2)
            for channel in held { #expect(channel.isActive) }

            // And: another address connects and calls
            let app = try client(port: port, certificates: certificates, from: "127.0.0.6")
            defer { app.close() }
            #expect(try await check(app) == .serving)
            for channel in held { try await channel.close() }
        }
    }

    @Test(
        "at the total cap a new client takes the place of the oldest connection still in its handshake",
        .timeLimit(.minutes(1))
    )
    func totalCapEvictsSilent() async throws {
        try await withEchoServer(configure: {
            $0.maxConnections = 3
            $0.handshakeTimeout = nil
        }) { server, port, certificates, _ in
            // Given: three silent connections fill the cap
            var silent: [any Channel] = []
            for index in 1...3 {
                silent.append(try await silentConnection(to: port, from: "127.0.1.\(index)"))
                try await Wait.until("\(index) connections open") { server.openConnections() >= index }
            }

            // When: a real client connects
            let app = try client(port: port, certificates: certificates, from: "127.0.0.7")
            defer { app.close() }

            // Then: it is served, and the oldest silent connection was closed to make room
            #expect(try await check(app) == .serving)
            try await silent[0].closeFuture.get()
            #expect(silent[1].isActive && silent[2].isActive)
            #expect(server.openConnections() == 3)
            for channel in silent.dropFirst() { try await channel.close() }
        }
    }
}

@Suite("ConnectionLimiter and MemoryTrimPolicy")
struct ConnectionLimiterTests {
    @Test("caps per address and in all; at the total cap the oldest connection in its handshake makes room")
    func decisions() {
        var limiter = ConnectionLimiter(maxPerAddress: 2, maxTotal: 3)
        var decisions: [ConnectionLimiter.Decision] = []
        decisions.append(limiter.accepted(0, from: "a", handshake: true))
        decisions.append(limiter.accepted(1, from: "a", handshake: true))
        decisions.append(limiter.accepted(2, from: "a", handshake: true))
        decisions.append(limiter.accepted(3, from: "b", handshake: true))
        limiter.handshakeCompleted(0)
        // At the cap: 1 is the oldest still in its handshake (0 finished)
        decisions.append(limiter.accepted(4, from: "c", handshake: true))
        #expect(decisions == [.accept, .accept, .refusePerAddress(limit: 2), .accept, .acceptEvicting(1)])
        #expect(limiter.count == 3)
        #expect(limiter.count(from: "a") == 1)
        limiter.closed(1)  // the evicted connection's close arrives: already counted
        #expect(limiter.count == 3)

        // Every connection established: a newcomer is refused
        limiter.handshakeCompleted(3)
        limiter.handshakeCompleted(4)
        let full = limiter.accepted(5, from: "d", handshake: true)
        #expect(full == .refuseTotal(limit: 3))

        // A close frees a place
        limiter.closed(0)
        let freed = limiter.accepted(6, from: "d", handshake: true)
        #expect(freed == .accept)
    }

    @Test("memory is trimmed once connections fall to half their peak, by at least the minimum drop")
    func trim() {
        var policy = MemoryTrimPolicy(minimumDrop: 100)
        for count in 1...1_000 { policy.opened(count: count) }
        let at600 = policy.closed(count: 600)
        let at500 = policy.closed(count: 500)
        let at499 = policy.closed(count: 499)  // the peak is now 500
        let at300 = policy.closed(count: 300)  // 200 fewer, but not half
        let at250 = policy.closed(count: 250)
        #expect([at600, at500, at499, at300, at250] == [false, true, false, false, true])

        var small = MemoryTrimPolicy(minimumDrop: 100)
        for count in 1...150 { small.opened(count: count) }
        let smallTrim = small.closed(count: 0)
        var tiny = MemoryTrimPolicy(minimumDrop: 100)
        for count in 1...50 { tiny.opened(count: count) }
        let tinyTrim = tiny.closed(count: 0)  // 50 connections are not worth a trim
        #expect(smallTrim)
        #expect(!tinyTrim)
    }
}
