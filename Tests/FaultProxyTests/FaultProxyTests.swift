import QuadFaultProxy
import Testing

@Suite("FaultProxy: forwards, delays, drops, resets, partitions and heals")
struct FaultProxyTests {
    /// Runs `body` with an echo server and a proxy in front of it.
    func withProxy(_ body: (FaultProxy) async throws -> Void) async throws {
        let echo = try await EchoServer.start()
        let proxy = try await FaultProxy.start(forwardingTo: "127.0.0.1", port: echo.port)
        do {
            try await body(proxy)
        } catch {
            await proxy.close()
            await echo.close()
            throw error
        }
        await proxy.close()
        await echo.close()
    }

    @Test("forwards bytes both ways")
    func forwards() async throws {
        try await withProxy { proxy in
            let connection = try await TestConnection.open(proxy.address)
            try await connection.send("hello")
            #expect(await connection.read(count: 5) == "hello")
            let status = try await proxy.status()
            #expect(status.forwardedBytes == 10)
            #expect(status.openConnections == 1)
            await connection.close()
            try await eventually("the pipe ends") { try await proxy.status().openConnections == 0 }
        }
    }

    @Test("delay adds its time to every chunk, both ways, and heal removes it")
    func delays() async throws {
        try await withProxy { proxy in
            let connection = try await TestConnection.open(proxy.address)
            try await proxy.apply(.delay(.milliseconds(100), for: nil))
            let sent = ContinuousClock.now
            try await connection.send("slow")
            #expect(await connection.read(count: 4) == "slow")
            #expect(ContinuousClock.now - sent >= .milliseconds(200))
            let healed = try await proxy.apply(.heal)
            #expect(healed.delay == .zero)
            try await connection.send("fast")
            #expect(await connection.read(count: 4) == "fast")
            await connection.close()
        }
    }

    @Test("drop black-holes bytes on open connections; heal resets the connections that lost bytes")
    func drops() async throws {
        try await withProxy { proxy in
            let connection = try await TestConnection.open(proxy.address)
            try await connection.send("up")
            #expect(await connection.read(count: 2) == "up")
            try await proxy.apply(.drop(for: nil))
            try await connection.send("lost")
            try await eventually("the proxy takes the bytes") { try await proxy.status().droppedBytes == 4 }
            let dropping = try await proxy.status()
            #expect(dropping.openConnections == 1)
            #expect(dropping.forwardedBytes == 4)

            try await proxy.apply(.heal)
            #expect(await connection.closed())
            let fresh = try await TestConnection.open(proxy.address)
            try await fresh.send("back")
            #expect(await fresh.read(count: 4) == "back")
            await fresh.close()
        }
    }

    @Test("reset closes every open connection, then new ones are forwarded")
    func resets() async throws {
        try await withProxy { proxy in
            let connection = try await TestConnection.open(proxy.address)
            try await connection.send("one")
            #expect(await connection.read(count: 3) == "one")
            let status = try await proxy.apply(.reset)
            #expect(status.reset == 1)
            #expect(status.openConnections == 0)
            #expect(await connection.closed())

            let next = try await TestConnection.open(proxy.address)
            try await next.send("two")
            #expect(await next.read(count: 3) == "two")
            await next.close()
        }
    }

    @Test("partition closes open and new connections until healed")
    func partitions() async throws {
        try await withProxy { proxy in
            let connection = try await TestConnection.open(proxy.address)
            try await connection.send("one")
            #expect(await connection.read(count: 3) == "one")
            try await proxy.apply(.partition(for: nil))
            #expect(await connection.closed())

            #expect(try await TestConnection.closedAtOnce(proxy.address))

            try await proxy.apply(.heal)
            let healed = try await TestConnection.open(proxy.address)
            try await healed.send("two")
            #expect(await healed.read(count: 3) == "two")
            await healed.close()
        }
    }

    @Test("a fault given a duration heals itself")
    func healsItself() async throws {
        try await withProxy { proxy in
            let status = try await proxy.apply(.partition(for: .milliseconds(20)))
            #expect(status.partitioned)
            try await eventually("the partition heals") { try await !proxy.status().partitioned }
        }
    }

    @Test("the control port takes commands with the token and refuses them without")
    func control() async throws {
        try await withProxy { proxy in
            let client = FaultProxyControlClient(address: proxy.controlAddress, token: proxy.token)
            let answer = try await client.send(.delay(.milliseconds(150), for: .seconds(60)))
            #expect(answer.hasPrefix("delay=150ms drop=no partition=no"))
            #expect(try await proxy.status().delay == .milliseconds(150))
            try await client.send(.heal)
            #expect(try await proxy.status().delay == .zero)

            let stranger = FaultProxyControlClient(address: proxy.controlAddress, token: "not-the-token")
            await #expect(throws: FaultProxyError.self) { try await stranger.send(.partition(for: nil)) }
            #expect(try await !proxy.status().partitioned)
        }
    }
}
