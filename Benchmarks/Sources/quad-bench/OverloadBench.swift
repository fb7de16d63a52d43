import Foundation
import Logging
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// Profile reads at fixed offered rates (open loop: each call is sent at its intended time,
/// latency counted from then, so a stall is charged to every call it delayed), through the
/// gateway or straight to identity: goodput and the accepted calls' latency as load goes past
/// capacity, and how many calls were shed (RESOURCE_EXHAUSTED) instead of queued.
///
///   quad-bench overload --rpc 127.0.0.1:P --certs-dir DIR --server-name gateway
///                       --rates 500,1900,5700 [--duration 6] [--warmup 1] [--connections 1]
///
/// With `--connections N` the calls go round-robin over N connections, the i-th from loopback
/// address 127.0.2.i, as many apps' calls arrive (one connection offering it all is the
/// flooding-client case, which a connection's cap on open calls holds back by not reading).
/// Prints one JSON line per rate.
enum OverloadBench {
    struct RateResult: Codable {
        var offeredPerSecond: Double
        var connections: Int
        var durationSeconds: Double
        var succeeded: Int
        var shed: Int
        var otherErrors: Int
        var goodputPerSecond: Double
        var acceptedP50Micros: Double
        var acceptedP99Micros: Double
        var acceptedP999Micros: Double
    }

    final class Tally: Sendable {
        struct Counts {
            var samples = LatencySamples()
            var shed = 0
            var other = 0
        }
        let counts = Mutex(Counts())
    }

    static func run(_ arguments: Arguments) async throws {
        let endpoint = try BenchEndpoint(arguments)
        let rates = try arguments.string("rates").split(separator: ",").map { text -> Double in
            guard let rate = Double(text), rate > 0 else {
                throw UsageError("--rates wants positive numbers, not \(text)")
            }
            return rate
        }
        let duration = try arguments.double("duration", default: 6)
        let warmup = try arguments.double("warmup", default: 1)
        let connections = try arguments.int("connections", default: 1)
        guard (1...250).contains(connections) else {
            throw UsageError("--connections wants 1 to 250, not \(connections)")
        }
        var logger = Logger(label: "quad-bench.overload")
        logger.logLevel = .error
        let tls = try endpoint.tls()
        let transports = (1...connections).map { index in
            connections == 1
                ? endpoint.client(tls: tls, logger: logger)
                : endpoint.client(tls: tls, localAddress: "127.0.2.\(index)", logger: logger)
        }
        defer { for transport in transports { transport.close() } }
        let clients = transports.map { Quad_Identity_V1_Identity.Client(transport: $0) }
        let identity = clients[0]
        let response = try await identity.register(
            IdentityBench.registration(
                email: "overload\(UInt32.random(in: 0...UInt32.max))@northfield.edu",
                room: "102"
            )
        )
        let options = CallOptions(metadata: ["authorization": "Bearer \(response.session.accessToken)"])
        for rate in rates {
            let tally = Tally()
            let start = monotonicNanos() + UInt64(warmup * 1e9)
            let end = start + UInt64(duration * 1e9)
            let interval = 1e9 / rate
            // The warm-up runs at the same rate; only calls intended inside the window count.
            let first = monotonicNanos()
            await withTaskExecutorPreference(EventLoopTaskExecutor(benchEventLoopGroup.next())) {
                await withDiscardingTaskGroup { group in
                    var index = 0
                    while true {
                        let intended = first + UInt64(Double(index) * interval)
                        if intended >= end { break }
                        await CPUProbe.sleep(until: intended)
                        let counted = intended >= start
                        let client = clients[index % clients.count]
                        group.addTask {
                            do {
                                _ = try await client.getMyProfile(.init(), options: options)
                                let latency = monotonicNanos() - intended
                                if counted { tally.counts.withLock { $0.samples.nanos.append(latency) } }
                            } catch let error as RPCError where error.code == .resourceExhausted {
                                if counted { tally.counts.withLock { $0.shed += 1 } }
                            } catch {
                                if counted { tally.counts.withLock { $0.other += 1 } }
                            }
                        }
                        index += 1
                    }
                }
            }
            let counts = tally.counts.withLock { $0 }
            let result = RateResult(
                offeredPerSecond: rate,
                connections: connections,
                durationSeconds: duration,
                succeeded: counts.samples.nanos.count,
                shed: counts.shed,
                otherErrors: counts.other,
                goodputPerSecond: Double(counts.samples.nanos.count) / duration,
                acceptedP50Micros: counts.samples.percentileMicros(0.50),
                acceptedP99Micros: counts.samples.percentileMicros(0.99),
                acceptedP999Micros: counts.samples.percentileMicros(0.999)
            )
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        }
    }
}
