import Foundation
import Logging
import QuadBuiltInContracts
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// One client calling at a fixed rate, open loop (each call sent at its intended time, latency
/// counted from then), reporting each phase of the run on its own line: what another app sees
/// while something else happens to the gateway (an upstream paused, another client flooding).
///
///   quad-bench probe --rpc 127.0.0.1:P --certs-dir DIR --server-name gateway
///                    --method profile|jobs|health --rate 100 --phases 5,5,5
///                    [--labels before,paused,after] [--local-address 127.0.0.3] [--warmup 1]
///                    [--deadline-ms 10000] [--start-at UNIX_SECONDS]
///
/// `profile` is identity's GetMyProfile, `jobs` is jobs' ListMyLaundryJobs (both as a user it
/// registers first), `health` the gateway's own Health/Check. `--start-at` starts the warm-up at
/// that wall-clock time (probes started together, and a script acting between phases, agree on
/// when each phase is). Prints one JSON line per phase.
enum ProbeBench {
    struct PhaseResult: Codable {
        var probe: String
        var phase: String
        var method: String
        var localAddress: String
        var offeredPerSecond: Double
        var calls: Int
        var succeeded: Int
        var shed: Int
        var otherErrors: Int
        var okPercent: Double
        var p50Micros: Double
        var p99Micros: Double
        var maxMicros: Double
    }

    struct Phase {
        var samples = LatencySamples()
        var shed = 0
        var other = 0
    }

    static func run(_ arguments: Arguments) async throws {
        let endpoint = try BenchEndpoint(arguments)
        let method = arguments.optional("method") ?? "profile"
        let rate = try arguments.double("rate", default: 100)
        let phases = try (arguments.optional("phases") ?? "10").split(separator: ",").map { text -> Double in
            guard let seconds = Double(text), seconds > 0 else {
                throw UsageError("--phases wants positive seconds, not \(text)")
            }
            return seconds
        }
        let labels = (arguments.optional("labels") ?? "").split(separator: ",").map(String.init)
        let warmup = try arguments.double("warmup", default: 1)
        let deadline = Duration.milliseconds(try arguments.int("deadline-ms", default: 10_000))
        let localAddress = arguments.optional("local-address")
        var logger = Logger(label: "quad-bench.probe")
        logger.logLevel = .critical
        var configuration = ClientConfiguration(poolSize: 1, keepaliveInterval: nil)
        configuration.localAddress = localAddress
        let transport = QuadClient(
            host: endpoint.host,
            port: endpoint.port,
            tls: try endpoint.tls(),
            configuration: configuration,
            eventLoopGroup: benchEventLoopGroup,
            logger: logger
        )
        defer { transport.close() }

        var metadata: [String: String] = [:]
        if method != "health" {
            let identity = Quad_Identity_V1_Identity.Client(transport: transport)
            let response = try await identity.register(
                IdentityBench.registration(
                    email: "probe\(UInt32.random(in: 0...UInt32.max))@northfield.edu",
                    room: "102"
                )
            )
            metadata["authorization"] = "Bearer \(response.session.accessToken)"
        }
        let options = CallOptions(timeout: deadline, metadata: metadata)
        let call: @Sendable () async throws -> Void
        switch method {
        case "profile":
            let identity = Quad_Identity_V1_Identity.Client(transport: transport)
            call = { _ = try await identity.getMyProfile(.init(), options: options) }
        case "jobs":
            let jobs = Quad_Jobs_V1_Jobs.Client(transport: transport)
            call = { _ = try await jobs.listMyLaundryJobs(.init(), options: options) }
        case "health":
            let health = Quad_Health_V1_Health.Client(transport: transport)
            call = { _ = try await health.check(.init(), options: options) }
        default:
            throw UsageError("--method is profile, jobs or health, not \(method)")
        }

        let tally = SharedState([Phase](repeating: Phase(), count: phases.count))
        var first = monotonicNanos()
        if let text = arguments.optional("start-at"), let startAt = Double(text) {
            first += UInt64(max(0, startAt - Date().timeIntervalSince1970) * 1e9)
        }
        let start = first + UInt64(warmup * 1e9)
        var edges: [UInt64] = []
        var edge = start
        for seconds in phases {
            edge += UInt64(seconds * 1e9)
            edges.append(edge)
        }
        let end = edges.last ?? start
        let interval = 1e9 / rate
        await withTaskExecutorPreference(EventLoopTaskExecutor(benchEventLoopGroup.next())) {
            await withDiscardingTaskGroup { group in
                var index = 0
                while true {
                    let intended = first + UInt64(Double(index) * interval)
                    if intended >= end { break }
                    await CPUProbe.sleep(until: intended)
                    // The phase a call belongs to is the one it was meant to start in.
                    let phase = intended >= start ? edges.firstIndex { intended < $0 } : nil
                    group.addTask {
                        do {
                            try await call()
                            let latency = monotonicNanos() - intended
                            if let phase { tally.withLock { $0[phase].samples.nanos.append(latency) } }
                        } catch let error as RPCError where error.code == .resourceExhausted {
                            if let phase { tally.withLock { $0[phase].shed += 1 } }
                        } catch {
                            if let phase { tally.withLock { $0[phase].other += 1 } }
                        }
                    }
                    index += 1
                }
            }
        }
        let results = tally.withLock { $0 }
        for (index, phase) in results.enumerated() {
            let calls = phase.samples.nanos.count + phase.shed + phase.other
            let result = PhaseResult(
                probe: arguments.optional("name") ?? method,
                phase: index < labels.count ? labels[index] : "\(index + 1)",
                method: method,
                localAddress: localAddress ?? "",
                offeredPerSecond: rate,
                calls: calls,
                succeeded: phase.samples.nanos.count,
                shed: phase.shed,
                otherErrors: phase.other,
                okPercent: calls == 0 ? 0 : 100 * Double(phase.samples.nanos.count) / Double(calls),
                p50Micros: phase.samples.percentileMicros(0.5),
                p99Micros: phase.samples.percentileMicros(0.99),
                maxMicros: phase.samples.percentileMicros(1)
            )
            try IdleConnectionsBench.printJSON(result)
        }
    }
}

/// A value behind a lock that escaping task closures can share (a `Mutex` itself cannot be
/// captured by them: it is not copyable).
final class SharedState<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }
}
