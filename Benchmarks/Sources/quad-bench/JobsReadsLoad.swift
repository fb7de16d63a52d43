import Foundation

/// jobs-reads, the client: an open loop over a fixed number of connections, stepping the offered rate up until the
/// server no longer keeps up, for either protocol.
///
///   quad-bench jobs-reads-load --impl quad|hummingbird --rpc 127.0.0.1:P --certs-dir C --seed-file F
///       [--connections 16] [--start-rate 500] [--factor 1.25] [--max-rate 200000] [--warmup 3] [--step 5]
///       [--p99-bound-ms 20] [--rng-seed 1] [--server-pid PID]
///
/// After a warm-up at the start rate, each step offers `start × factor^k` calls a second for `step` seconds: half
/// GetLaundryJob, half ListMyLaundryJobs over seeded random jobs and customers (JobsReadsPlan), each sent at its
/// intended instant whether or not earlier calls have returned. Latency runs from that instant to the whole answer,
/// so time a call spent waiting for a connection or behind a stall is charged to it (no coordinated omission).
/// A step passes when every call succeeded, its p99 is within the bound, and the answers that arrived inside the
/// window are at least 99% of those offered. The search stops after two failing steps in a row; the sustained
/// rate is the highest step that passed. Prints one JSON line per step and a summary line.
enum JobsReadsLoad {
    struct StepResult: Codable {
        var impl: String
        var step: Int
        var connections: Int
        var offeredPerSecond: Double
        var durationSeconds: Double
        var sent: Int
        var errors: Int
        var unfinished: Int
        var achievedPerSecond: Double
        var p50Micros: Double
        var p99Micros: Double
        var p999Micros: Double
        var maxMicros: Double
        var getP99Micros: Double
        var listP99Micros: Double
        /// Server CPU over the window divided by the calls sent in it, and its share of one core.
        var serverCPUMicrosPerCall: Double?
        var serverCPUUtilisation: Double?
        var clientCPUUtilisation: Double
        /// CPU the rest of the machine used over the window, in cores (all busy time in /proc/stat less the server's
        /// and this client's): how much the run shared its two cores with something else.
        var otherCPUCores: Double?
        var p99BoundMillis: Double
        var passed: Bool
    }

    struct Summary: Codable {
        var impl: String
        var summary = true
        var connections: Int
        var p99BoundMillis: Double
        /// The highest offered rate whose step passed (0 when none did).
        var sustainedPerSecond: Double
        var sustainedP99Micros: Double?
        var steps: Int
        /// The most CPU anything else on the machine used in one step, in cores.
        var maxOtherCPUCores: Double?
    }

    struct Options {
        var impl: String
        var host: String
        var port: Int
        var certificates: String
        var connections: Int
        var startRate: Double
        var factor: Double
        var maxRate: Double
        var warmup: Double
        var step: Double
        var p99Bound: Double
        var rngSeed: UInt64
        var serverPID: Int32?
    }

    static func run(_ arguments: Arguments) async throws {
        let endpoint = try arguments.string("rpc")
        guard let colon = endpoint.lastIndex(of: ":"), let port = Int(endpoint[endpoint.index(after: colon)...]) else {
            throw UsageError("--rpc wants host:port, not \(endpoint)")
        }
        let options = Options(
            impl: try arguments.string("impl"),
            host: String(endpoint[..<colon]),
            port: port,
            certificates: try arguments.string("certs-dir"),
            connections: try arguments.int("connections", default: 16),
            startRate: try arguments.double("start-rate", default: 500),
            factor: try arguments.double("factor", default: 1.25),
            maxRate: try arguments.double("max-rate", default: 200_000),
            warmup: try arguments.double("warmup", default: 3),
            step: try arguments.double("step", default: 5),
            p99Bound: try arguments.double("p99-bound-ms", default: 20),
            rngSeed: UInt64(try arguments.int("rng-seed", default: 1)),
            serverPID: arguments.optional("server-pid").flatMap { Int32($0) }
        )
        guard options.factor > 1, options.startRate > 0, options.connections > 0 else {
            throw UsageError("--factor must be above 1, --start-rate and --connections positive")
        }
        let manifest = try JSONDecoder().decode(
            JobsReadsSeed.Manifest.self,
            from: Data(contentsOf: URL(fileURLWithPath: try arguments.string("seed-file")))
        )
        let workload = JobsReadsWorkload(manifest)

        let driver: any JobsReadsDriver
        switch options.impl {
        case "quad": driver = try await QuadJobsDriver.connect(options, workload)
        case "hummingbird": driver = try await HTTPJobsDriver.connect(options, workload)
        default: throw UsageError("--impl is quad or hummingbird, not \(options.impl)")
        }
        try await driver.verify()

        // Warm-up at the start rate: connections, TLS sessions, the server's caches and allocator.
        let warmup = JobsReadsPlan(
            rate: options.startRate,
            durationSeconds: options.warmup,
            start: monotonicNanos() + 50_000_000,
            seed: options.rngSeed &* 1000,
            jobs: workload.jobCount,
            customers: workload.customerCount
        )
        _ = await driver.run(warmup, giveUpAt: warmup.end + 5_000_000_000)

        var results: [StepResult] = []
        var failuresInARow = 0
        var step = 0
        while failuresInARow < 2 {
            let rate = (options.startRate * pow(options.factor, Double(step))).rounded()
            if rate > options.maxRate { break }
            let plan = JobsReadsPlan(
                rate: rate,
                durationSeconds: options.step,
                start: monotonicNanos() + 100_000_000,
                seed: options.rngSeed &* 1000 &+ UInt64(step + 1),
                jobs: workload.jobCount,
                customers: workload.customerCount
            )
            async let serverStart = IdentityBench.sampleCPU(options.serverPID, at: plan.start)
            async let serverEnd = IdentityBench.sampleCPU(options.serverPID, at: plan.end)
            async let clientStart = sampleSelfCPU(at: plan.start)
            async let clientEnd = sampleSelfCPU(at: plan.end)
            async let machineStart = sampleMachineCPU(at: plan.start)
            async let machineEnd = sampleMachineCPU(at: plan.end)
            let tally = await driver.run(plan, giveUpAt: plan.end + 5_000_000_000)
            let (serverBegin, serverFinish, clientBegin, clientFinish) = await (
                serverStart, serverEnd, clientStart, clientEnd
            )
            let (machineBegin, machineFinish) = await (machineStart, machineEnd)
            let serverCPU = serverBegin.flatMap { begin in serverFinish.map { $0 - begin } }
            var result = makeResult(
                options: options,
                step: step,
                plan: plan,
                tally: tally,
                serverCPU: serverCPU,
                clientCPU: clientFinish - clientBegin
            )
            if let machineBegin, let machineFinish, let serverCPU {
                let others = (machineFinish - machineBegin) - serverCPU - (clientFinish - clientBegin)
                result.otherCPUCores = max(0, others) / (Double(plan.end - plan.start) / 1e3)
            }
            try printJSON(result)
            results.append(result)
            failuresInARow = result.passed ? 0 : failuresInARow + 1
            step += 1
            try await Task.sleep(for: .milliseconds(300))
        }
        await driver.close()
        let best = results.filter(\.passed).max { $0.offeredPerSecond < $1.offeredPerSecond }
        try printJSON(
            Summary(
                impl: options.impl,
                connections: options.connections,
                p99BoundMillis: options.p99Bound,
                sustainedPerSecond: best?.offeredPerSecond ?? 0,
                sustainedP99Micros: best?.p99Micros,
                steps: results.count,
                maxOtherCPUCores: results.compactMap(\.otherCPUCores).max()
            )
        )
    }

    /// Busy CPU time of the whole machine in microseconds (every state of /proc/stat's `cpu` line but idle and
    /// iowait), at `instant`.
    static func sampleMachineCPU(at instant: UInt64) async -> Double? {
        await CPUProbe.sleep(until: instant)
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return nil }
        // user nice system idle iowait irq softirq steal: steal counts as busy (the host took the core).
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK))) * 1e6
    }

    static func sampleSelfCPU(at instant: UInt64) async -> Double {
        await CPUProbe.sleep(until: instant)
        return selfCPUMicros()
    }

    static func makeResult(
        options: Options,
        step: Int,
        plan: JobsReadsPlan,
        tally: JobsReadsTally,
        serverCPU: Double?,
        clientCPU: Double
    ) -> StepResult {
        let seconds = Double(plan.end - plan.start) / 1e9
        let all = (tally.getNanos + tally.listNanos).sorted()
        let p99 = percentileMicros(all, 0.99)
        let achieved = Double(tally.answeredInWindow) / seconds
        return StepResult(
            impl: options.impl,
            step: step,
            connections: options.connections,
            offeredPerSecond: plan.rate,
            durationSeconds: seconds,
            sent: plan.calls.count,
            errors: tally.errors,
            unfinished: tally.unfinished,
            achievedPerSecond: achieved,
            p50Micros: percentileMicros(all, 0.50),
            p99Micros: p99,
            p999Micros: percentileMicros(all, 0.999),
            maxMicros: all.last.map { Double($0) / 1000 } ?? 0,
            getP99Micros: percentileMicros(tally.getNanos.sorted(), 0.99),
            listP99Micros: percentileMicros(tally.listNanos.sorted(), 0.99),
            serverCPUMicrosPerCall: serverCPU.map { $0 / Double(max(1, plan.calls.count)) },
            serverCPUUtilisation: serverCPU.map { $0 / (seconds * 1e6) },
            clientCPUUtilisation: clientCPU / (seconds * 1e6),
            otherCPUCores: nil,
            p99BoundMillis: options.p99Bound,
            passed: tally.errors == 0 && !all.isEmpty && p99 <= options.p99Bound * 1000 && achieved >= 0.99 * plan.rate
        )
    }

    static func percentileMicros(_ sorted: [UInt64], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
        return Double(sorted[max(0, index)]) / 1000
    }

    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Unbuffered, so a step's line appears (in the script's log) as the step ends.
        FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
    }
}

/// One protocol's client: sends a plan's calls at their instants over its connections.
protocol JobsReadsDriver: Sendable {
    /// Checks one answer of each call against the seed (decoded), and opens every connection.
    func verify() async throws
    /// Sends every call of `plan` at its intended instant; returns once all are answered, or at `giveUpAt` with the
    /// rest counted unfinished.
    func run(_ plan: JobsReadsPlan, giveUpAt: UInt64) async -> JobsReadsTally
    func close() async
}

/// The seed as the clients address it: each job with its customer's index, each customer's `x-quad-caller`.
struct JobsReadsWorkload: Sendable {
    let jobIDs: [String]
    let jobCustomer: [Int]
    let customerIDs: [String]
    /// `x-quad-caller` of each customer, as the gateway forwards it.
    let callerHeaders: [String]

    init(_ manifest: JobsReadsSeed.Manifest) {
        customerIDs = manifest.customers
        let index = Dictionary(uniqueKeysWithValues: manifest.customers.enumerated().map { ($1, $0) })
        jobIDs = manifest.jobs.map(\.id)
        jobCustomer = manifest.jobs.map { index[$0.customer] ?? 0 }
        callerHeaders = manifest.customers.map { JobsReadsSeed.caller($0).headerValue }
    }

    var jobCount: Int { jobIDs.count }
    var customerCount: Int { customerIDs.count }
}
