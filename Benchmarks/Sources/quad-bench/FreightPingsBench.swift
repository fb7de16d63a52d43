import Foundation
import Logging
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// Freight's location pings (F5) through the gateway of a running `quad up`, its drivers made by
/// `quad seed --carriers 1 --drivers N` (seed.json beside the endpoints file):
///
///   quad-bench freight-pings --endpoints FILE [--drivers 2000] [--interval 2] [--connections 50]
///                            [--warmup 4] [--duration 20] [--label L] [--server-pid PID]
///
/// Each driver reports one position every `--interval` seconds, the drivers' phases spread evenly over the
/// interval (so drivers/interval calls a second, open loop: each call is sent at its intended time and its latency
/// counted from then, so a stall is charged to every report it delayed). The calls go round-robin over
/// `--connections` connections, the i-th from loopback address 127.0.3.i, as many phones' reports arrive.
/// Each driver moves along a line, a few metres a ping. `freight.sh` runs it with group commit and with one
/// transaction per report (`QUAD_WRITE_BATCH=1`).
///
/// Prints one JSON line (RunResult; `impl` is the label, `inFlight` the connections; with `--server-pid`, the CPU
/// per report of that process, quad-fleet-documents).
enum FreightPingsBench {
    struct Seed: Decodable {
        struct Person: Decodable {
            var userID: String
            var accessToken: String

            enum CodingKeys: String, CodingKey {
                case userID = "user_id"
                case accessToken = "access_token"
            }
        }

        struct Carrier: Decodable {
            var drivers: [Person]
        }

        var carriers: [Carrier]
    }

    final class Tally: Sendable {
        let samples = Mutex(LatencySamples())
    }

    static func run(_ arguments: Arguments) async throws {
        let endpointsPath = try arguments.string("endpoints")
        let endpoints = try JSONDecoder().decode(
            LaundryBench.Endpoints.self,
            from: Data(contentsOf: URL(fileURLWithPath: endpointsPath))
        )
        let seedPath = URL(fileURLWithPath: endpointsPath).deletingLastPathComponent()
            .appendingPathComponent("seed.json")
        let seed = try JSONDecoder().decode(Seed.self, from: Data(contentsOf: seedPath))
        let allDrivers = seed.carriers.flatMap(\.drivers)
        let driverCount = try arguments.int("drivers", default: min(2_000, allDrivers.count))
        guard driverCount > 0, driverCount <= allDrivers.count else {
            throw UsageError(
                "\(seedPath.path) has \(allDrivers.count) drivers, not \(driverCount): run quad seed --carriers 1 "
                    + "--drivers \(driverCount)"
            )
        }
        let drivers = Array(allDrivers.prefix(driverCount))
        let interval = try arguments.double("interval", default: 2)
        let connections = try arguments.int("connections", default: 50)
        guard (1...250).contains(connections) else {
            throw UsageError("--connections wants 1 to 250, not \(connections)")
        }
        let warmup = try arguments.double("warmup", default: 4)
        let duration = try arguments.double("duration", default: 20)
        guard let colon = endpoints.gateway.rpc.lastIndex(of: ":"),
            let port = Int(endpoints.gateway.rpc[endpoints.gateway.rpc.index(after: colon)...])
        else {
            throw UsageError("the gateway's address \(endpoints.gateway.rpc) is not host:port")
        }
        var logger = Logger(label: "quad-bench.freight-pings")
        logger.logLevel = .error
        let tls = try TLSSettings.client(trustRootsPEM: endpoints.ca, serverName: endpoints.gateway.serverName)
        let transports = (1...connections).map { index in
            var configuration = ClientConfiguration(poolSize: 1, keepaliveInterval: nil)
            configuration.localAddress = "127.0.3.\(index)"
            return QuadClient(
                host: String(endpoints.gateway.rpc[..<colon]),
                port: port,
                tls: tls,
                configuration: configuration,
                eventLoopGroup: benchEventLoopGroup,
                logger: logger
            )
        }
        defer { for transport in transports { transport.close() } }
        let clients = transports.map { Quad_Freight_V1_Positions.Client(transport: $0) }
        let options = drivers.map { driver in
            CallOptions(timeout: .seconds(30), metadata: ["authorization": "Bearer \(driver.accessToken)"])
        }

        let tally = Tally()
        let rate = Double(drivers.count) / interval
        let gap = 1e9 / rate
        let first = monotonicNanos()
        let window = Window(warmupSeconds: warmup, durationSeconds: duration)
        var cpu = CPUProbe(serverPID: arguments.optional("server-pid").flatMap { Int32($0) })
        var started = false
        await withTaskExecutorPreference(EventLoopTaskExecutor(benchEventLoopGroup.next())) {
            await withDiscardingTaskGroup { group in
                var index = 0
                while true {
                    let intended = first + UInt64(Double(index) * gap)
                    if intended >= window.end { break }
                    await CPUProbe.sleep(until: intended)
                    if !started, intended >= window.start {
                        started = true
                        cpu.markStart()
                    }
                    let counted = intended >= window.start
                    let driver = index % drivers.count
                    let lap = index / drivers.count
                    let client = clients[index % clients.count]
                    let callOptions = options[driver]
                    group.addTask {
                        let request = Quad_Freight_V1_ReportPositionsRequest.with {
                            $0.positions = [
                                .with {
                                    // Drivers spread over a few kilometres, each moving ~5 m a ping.
                                    $0.latitude = 47.30 + Double(driver % 100) * 0.001 + Double(lap) * 0.000_045
                                    $0.longitude = 8.50 + Double(driver / 100) * 0.001
                                    $0.recordedAtMicros = Int64(Date().timeIntervalSince1970 * 1_000_000)
                                    $0.accuracyMeters = 8
                                }
                            ]
                        }
                        do {
                            _ = try await client.reportPositions(request, options: callOptions)
                            if counted { tally.samples.withLock { $0.nanos.append(monotonicNanos() - intended) } }
                        } catch {
                            if counted { tally.samples.withLock { $0.errors += 1 } }
                        }
                    }
                    index += 1
                }
            }
        }
        cpu.markEnd()
        let samples = tally.samples.withLock { $0 }
        let label = arguments.optional("label") ?? "freight-pings"
        let described = ClientOptions(
            impl: label,
            port: port,
            certificates: CertificatePaths(
                directory: URL(fileURLWithPath: endpoints.ca).deletingLastPathComponent().path
            ),
            payload: 0,
            inFlight: connections,
            warmup: warmup,
            duration: duration,
            serverPID: cpu.serverPID
        )
        try printResult(
            makeResult(impl: label, options: described, window: window, samples: samples, cpu: cpu)
        )
    }
}
