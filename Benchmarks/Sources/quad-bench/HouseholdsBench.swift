import Foundation
import GRDB
import Logging
import QuadCertificates
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireNIO

/// What the households benchmarks (`households.sh`: HouseholdsBalancesBench, HouseholdsRemindersBench) share: the
/// running `quad up` (its endpoints file, the households `quad seed --households N --housemates 5` made), clients
/// through the gateway and straight to quad-households, its database file, and an open-loop driver.
enum HouseholdsBench {
    /// seed.json's households.
    struct Seed: Decodable {
        struct Member: Decodable {
            var email: String
            var userID: String
            var accessToken: String

            enum CodingKeys: String, CodingKey {
                case email
                case userID = "user_id"
                case accessToken = "access_token"
            }
        }

        struct Household: Decodable {
            var householdID: String
            var name: String
            var members: [Member]

            enum CodingKeys: String, CodingKey {
                case name, members
                case householdID = "household_id"
            }
        }

        var households: [Household]?
    }

    /// The running system, from `--endpoints FILE` and seed.json beside it.
    struct System {
        let endpoints: ErrandsBench.Endpoints
        let endpointsPath: String
        let households: [Seed.Household]
        let logger: Logger

        init(_ arguments: Arguments, label: String) throws {
            let endpointsPath = try arguments.string("endpoints")
            self.endpointsPath = endpointsPath
            endpoints = try JSONDecoder().decode(
                ErrandsBench.Endpoints.self,
                from: Data(contentsOf: URL(fileURLWithPath: endpointsPath))
            )
            let seedPath = URL(fileURLWithPath: endpointsPath).deletingLastPathComponent()
                .appendingPathComponent("seed.json")
            // The reminders' run seeds its own households and has no seed.json.
            if let data = try? Data(contentsOf: seedPath) {
                households = try JSONDecoder().decode(Seed.self, from: data).households ?? []
            } else {
                households = []
            }
            var logger = Logger(label: "quad-bench.\(label)")
            logger.logLevel = .error
            self.logger = logger
        }

        /// Seeded household `number` (from 1), which must exist.
        func household(_ number: Int) throws -> Seed.Household {
            guard households.indices.contains(number - 1) else {
                throw UsageError("seed.json has \(households.count) households: run quad seed --households \(number)")
            }
            return households[number - 1]
        }

        var householdsEndpoint: ErrandsBench.Endpoints.Endpoint {
            get throws {
                guard let households = endpoints.services["households"] else {
                    throw UsageError("endpoints.json lists no households service")
                }
                return households
            }
        }

        /// quad-households' database file: `--database PATH`, else the households database under `quad up`'s data
        /// directory (beside endpoints.json).
        func databasePath(_ arguments: Arguments) throws -> String {
            if let path = arguments.optional("database") { return path }
            let data = URL(fileURLWithPath: endpointsPath).deletingLastPathComponent().appendingPathComponent("data")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
            guard
                let name = names.sorted().first(where: {
                    $0.hasPrefix("households") && ($0.hasSuffix(".sqlite") || $0.hasSuffix(".db"))
                })
            else {
                throw UsageError("no households database in \(data.path) (\(names)): pass --database")
            }
            return data.appendingPathComponent(name).path
        }

        /// A client of the gateway, as apps call it (no client certificate), over `connections` connections.
        func gateway(connections: Int) throws -> QuadClient {
            let (host, port) = try endpoints.gateway.hostPort()
            return QuadClient(
                host: host,
                port: port,
                tls: try .client(trustRootsPEM: endpoints.ca, serverName: endpoints.gateway.serverName),
                configuration: ClientConfiguration(poolSize: connections, keepaliveInterval: nil),
                eventLoopGroup: benchEventLoopGroup,
                logger: logger
            )
        }

        /// A client of quad-households itself, as the gateway calls it: mutual TLS with the gateway's certificate, so
        /// households honours the `x-quad-caller` header.
        func direct(connections: Int) throws -> QuadClient {
            let households = try householdsEndpoint
            let (host, port) = try households.hostPort()
            let certificates = try DevCertificateSet.ensure(
                directory: URL(fileURLWithPath: endpoints.ca).deletingLastPathComponent().path,
                services: ["gateway"]
            )
            return QuadClient(
                host: host,
                port: port,
                tls: try .client(
                    trustRootsPEM: certificates.caPath,
                    certificateChainPEM: certificates.certificatePath(service: "gateway"),
                    privateKeyPEM: certificates.keyPath(service: "gateway"),
                    serverName: households.serverName
                ),
                configuration: ClientConfiguration(poolSize: connections, keepaliveInterval: nil),
                eventLoopGroup: benchEventLoopGroup,
                logger: logger
            )
        }

        /// The options of a call by `member` through the gateway (their bearer token).
        func bearer(_ member: Seed.Member, timeout: Duration = .seconds(10)) -> CallOptions {
            CallOptions(timeout: timeout, metadata: ["authorization": "Bearer \(member.accessToken)"])
        }

        /// The options of a call by `member` straight to quad-households (the caller header the gateway forwards).
        func caller(_ member: Seed.Member, timeout: Duration = .seconds(10)) -> CallOptions {
            let caller = Caller(userID: member.userID, roles: ["customer"], campusID: "", dormID: "")
            return CallOptions(
                timeout: timeout,
                metadata: [CallerIdentityInterceptor.callerHeader: caller.headerValue]
            )
        }
    }

    /// Runs `call(i)` at `rate` a second, each at its intended instant (open loop: a call is never held back by a
    /// slow one), for `warmup` then `duration` seconds; counts the calls of the measured window, their latency from
    /// the intended instant, and the CPU of `pids` (and this process) over it.
    static func openLoop(
        rate: Double,
        warmup: Double,
        duration: Double,
        pids: [String: Int32],
        _ call: @escaping @Sendable (Int) async throws -> Void
    ) async -> (summary: ErrandsBench.Summary, cpuMicrosPerCall: [String: Double]) {
        let tally = ErrandsBench.Locked(ErrandsBench.Tally())
        let gap = 1e9 / rate
        let first = monotonicNanos()
        let window = Window(warmupSeconds: warmup, durationSeconds: duration)
        var cpuStart: [String: Double]?
        await withTaskExecutorPreference(EventLoopTaskExecutor(benchEventLoopGroup.next())) {
            await withDiscardingTaskGroup { group in
                var index = 0
                while true {
                    let intended = first + UInt64(Double(index) * gap)
                    if intended >= window.end { break }
                    await CPUProbe.sleep(until: intended)
                    if cpuStart == nil, intended >= window.start {
                        var start = pids.compactMapValues(processCPUMicros)
                        start["quad-bench"] = selfCPUMicros()
                        cpuStart = start
                    }
                    let counted = intended >= window.start
                    let number = index
                    group.addTask {
                        let failure: (any Error)?
                        do {
                            try await call(number)
                            failure = nil
                        } catch {
                            failure = error
                        }
                        guard counted else { return }
                        let elapsed = monotonicNanos() - intended
                        tally.withLock { if let failure { $0.error(failure) } else { $0.nanos.append(elapsed) } }
                    }
                    index += 1
                }
            }
        }
        let summary = tally.withLock { $0.summary }
        let calls = max(1, summary.calls + summary.errors)
        var end = pids.compactMapValues(processCPUMicros)
        end["quad-bench"] = selfCPUMicros()
        var perCall: [String: Double] = [:]
        for (name, startCPU) in cpuStart ?? [:] {
            if let endCPU = end[name] { perCall[name] = (endCPU - startCPU) / Double(calls) }
        }
        return (summary, perCall)
    }

    /// A read-only connection pool on quad-households' database (WAL: readers do not block its writer).
    static func readOnlyPool(_ path: String) throws -> DatabasePool {
        var configuration = GRDB.Configuration()
        configuration.readonly = true
        configuration.maximumReaderCount = 2
        return try DatabasePool(path: path, configuration: configuration)
    }

    /// The process id of `quad up`'s service `name`, from endpoints.json.
    static func pid(_ system: System, _ name: String) -> Int32? {
        name == "gateway" ? system.endpoints.gateway.pid : system.endpoints.services[name]?.pid
    }
}
