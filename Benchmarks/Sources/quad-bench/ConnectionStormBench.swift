import Foundation
import Logging
import NIOCore
import NIOPosix
import QuadBuiltInContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// A storm of silent connections against a server (issue 11, item 7): `count` TCP connections
/// that never send a byte (no TLS handshake), from `addresses` loopback addresses
/// (127.10.x.y), opened as fast as the client can and held until the server closes them or
/// `hold` seconds pass. Meanwhile a normal app calls Health/Check at `probe-rate` on its own
/// connection, and a fresh app connects and calls once a second. The server's resident memory
/// is read before, at its peak, and `settle` seconds after the storm ends.
///
///   quad-bench connection-storm --rpc 127.0.0.1:P --certs-dir DIR --server-name gateway
///       --server-pid PID [--count 20000] [--addresses 200] [--hold 15] [--probe-rate 50] [--settle 60]
///
/// The client needs a descriptor limit above `count` (ulimit -n). Prints one JSON line.
enum ConnectionStormBench {
    struct Result: Codable {
        var stormConnections: Int
        var stormAddresses: Int
        var stormOpened: Int
        var stormFailedToOpen: Int
        var stormClosedByServer: Int
        var stormPeakOpen: Int
        var secondsToOpen: Double
        var probeCalls: Int
        var probeSucceeded: Int
        var probeP50Micros: Double
        var probeP99Micros: Double
        var probeMaxMicros: Double
        var freshConnections: Int
        var freshSucceeded: Int
        var serverRSSBeforeKiB: Int
        var serverRSSPeakKiB: Int
        var serverRSSAtStormEndKiB: Int
        var serverRSSAfterSettleKiB: Int
        var settleSeconds: Double
        var afterOverBefore: Double
    }

    static func run(_ arguments: Arguments) async throws {
        let endpoint = try BenchEndpoint(arguments)
        let serverPID = Int32(try arguments.int("server-pid"))
        let count = try arguments.int("count", default: 20_000)
        let addresses = try arguments.int("addresses", default: 200)
        let hold = try arguments.double("hold", default: 15)
        let probeRate = try arguments.double("probe-rate", default: 50)
        let settle = try arguments.double("settle", default: 60)
        let logger = {
            var logger = Logger(label: "quad-bench.storm")
            logger.logLevel = .critical
            return logger
        }()
        let tls = try endpoint.tls()
        let group = MultiThreadedEventLoopGroup.singleton

        // The app, connected and warm before the storm.
        let app = endpoint.client(tls: tls, logger: logger)
        defer { app.close() }
        let health = Quad_Health_V1_Health.Client(transport: app)
        for _ in 0..<20 { _ = try await health.check(.init()) }
        let before = IdleConnectionsBench.residentKiB(pid: serverPID)
        let peakRSS = SharedState(before)

        let open = SharedState(0)
        let peakOpen = SharedState(0)
        let closedByServer = SharedState(0)
        let stopping = SharedState(false)
        let probe = SharedState(LatencySamples())
        let probeCalls = SharedState(0)
        let fresh = SharedState((tried: 0, ok: 0))
        let stormStart = monotonicNanos()
        let stormEnd = stormStart + UInt64(hold * 1e9)
        var channels: [any Channel] = []
        var failed = 0
        var secondsToOpen = 0.0

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            // The probe: open loop on the warm connection.
            tasks.addTask {
                let interval = 1e9 / probeRate
                var index = 0
                await withDiscardingTaskGroup { calls in
                    while true {
                        let intended = stormStart + UInt64(Double(index) * interval)
                        if intended >= stormEnd { break }
                        await CPUProbe.sleep(until: intended)
                        calls.addTask {
                            probeCalls.withLock { $0 += 1 }
                            if (try? await health.check(.init(), options: CallOptions(timeout: .seconds(5)))) != nil {
                                let latency = monotonicNanos() - intended
                                probe.withLock { $0.nanos.append(latency) }
                            }
                        }
                        index += 1
                    }
                }
            }
            // A fresh app every second: connecting during the storm must work too.
            tasks.addTask {
                var next = stormStart
                while next < stormEnd {
                    await CPUProbe.sleep(until: next)
                    let client = endpoint.client(tls: tls, logger: logger)
                    let ok =
                        (try? await Quad_Health_V1_Health.Client(transport: client).check(
                            .init(),
                            options: CallOptions(timeout: .seconds(5))
                        )) != nil
                    client.close()
                    fresh.withLock {
                        $0.tried += 1
                        if ok { $0.ok += 1 }
                    }
                    next += 1_000_000_000
                }
            }
            // The server's memory, four times a second.
            tasks.addTask {
                while !stopping.withLock({ $0 }) {
                    let rss = IdleConnectionsBench.residentKiB(pid: serverPID)
                    peakRSS.withLock { $0 = max($0, rss) }
                    try await Task.sleep(for: .milliseconds(250))
                }
            }

            // The storm, 500 connects at a time.
            var opened = 0
            while opened < count {
                let size = min(500, count - opened)
                let batch = await withTaskGroup(of: (any Channel)?.self) { connects in
                    for index in opened..<(opened + size) {
                        let address = 10 * 65_536 + index % addresses
                        let local = "127.\(address >> 16).\((address >> 8) & 255).\(address & 255)"
                        connects.addTask {
                            guard let bind = try? SocketAddress(ipAddress: local, port: 0) else { return nil }
                            return try? await ClientBootstrap(group: group)
                                .connectTimeout(.seconds(5))
                                .bind(to: bind)
                                .connect(host: endpoint.host, port: endpoint.port)
                                .get()
                        }
                    }
                    return await connects.reduce(into: [(any Channel)?]()) { $0.append($1) }
                }
                for channel in batch {
                    guard let channel else {
                        failed += 1
                        continue
                    }
                    channels.append(channel)
                    let now = open.withLock { value in
                        value += 1
                        return value
                    }
                    peakOpen.withLock { $0 = max($0, now) }
                    channel.closeFuture.whenComplete { _ in
                        open.withLock { $0 -= 1 }
                        if !stopping.withLock({ $0 }) { closedByServer.withLock { $0 += 1 } }
                    }
                }
                opened += size
            }
            secondsToOpen = Double(monotonicNanos() - stormStart) / 1e9
            await CPUProbe.sleep(until: stormEnd)
            stopping.withLock { $0 = true }
            for channel in channels { channel.close(promise: nil) }
            tasks.cancelAll()
            while let _ = try? await tasks.next() {}
        }
        let atStormEnd = IdleConnectionsBench.residentKiB(pid: serverPID)
        try await Task.sleep(for: .seconds(settle))
        let after = IdleConnectionsBench.residentKiB(pid: serverPID)
        let samples = probe.withLock { $0 }
        let freshCounts = fresh.withLock { $0 }
        try IdleConnectionsBench.printJSON(
            Result(
                stormConnections: count,
                stormAddresses: addresses,
                stormOpened: channels.count,
                stormFailedToOpen: failed,
                stormClosedByServer: closedByServer.withLock { $0 },
                stormPeakOpen: peakOpen.withLock { $0 },
                secondsToOpen: secondsToOpen,
                probeCalls: probeCalls.withLock { $0 },
                probeSucceeded: samples.nanos.count,
                probeP50Micros: samples.percentileMicros(0.5),
                probeP99Micros: samples.percentileMicros(0.99),
                probeMaxMicros: samples.percentileMicros(1),
                freshConnections: freshCounts.tried,
                freshSucceeded: freshCounts.ok,
                serverRSSBeforeKiB: before,
                serverRSSPeakKiB: peakRSS.withLock { $0 },
                serverRSSAtStormEndKiB: atStormEnd,
                serverRSSAfterSettleKiB: after,
                settleSeconds: settle,
                afterOverBefore: Double(after) / Double(max(1, before))
            )
        )
    }
}
