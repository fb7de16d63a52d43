import Foundation
import Logging
import NIOPosix
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// Identity: login throughput, and profile reads' latency idle versus during a login storm.
///
///   quad-bench identity --rpc 127.0.0.1:P --certs-dir DIR [--users 8] [--storm 16]
///                       [--read-rate 200] [--duration 10]
///
/// Registers `users` accounts, then runs three phases of `duration` seconds each:
///   idle   profile reads (GetMyProfile) at a fixed offered rate, nothing else;
///   logins `storm` concurrent callers doing Login (closed loop): logins/s and latency;
///   storm  both at once: the reads' latency while scrypt runs for every login.
/// Read latency is measured from each call's intended send time (open loop), so a stall is
/// charged to every call it delayed. Prints one JSON line per phase.
enum IdentityBench {
    struct PhaseResult: Codable {
        var phase: String
        var durationSeconds: Double
        var reads: Int?
        var readErrors: Int?
        var readOfferedPerSecond: Double?
        var readP50Micros: Double?
        var readP99Micros: Double?
        var readP999Micros: Double?
        var logins: Int?
        var loginErrors: Int?
        var loginsPerSecond: Double?
        var loginP50Micros: Double?
        var loginP99Micros: Double?
        var serverCPUUtilisation: Double?
    }

    final class Collector: Sendable {
        let samples = Mutex(LatencySamples())
    }

    static let password = "correct horse battery staple"

    /// A valid registration on the demo campus.
    static func registration(email: String, room: String) -> Quad_Identity_V1_RegisterRequest {
        .with {
            $0.email = email
            $0.password = password
            $0.firstName = "Bench"
            $0.lastName = "User"
            $0.gender = .preferNotToSay
            $0.campusID = "campus-northfield"
            $0.dormID = "dorm-maple-hall"
            $0.room = room
            $0.dateOfBirth = .with {
                $0.year = 2000; $0.month = 1; $0.day = 1
            }
        }
    }

    static func run(_ arguments: Arguments) async throws {
        let endpoint = try BenchEndpoint(arguments, serverName: "identity")
        let users = try arguments.int("users", default: 8)
        let storm = try arguments.int("storm", default: 16)
        let readRate = try arguments.double("read-rate", default: 200)
        let duration = try arguments.double("duration", default: 10)
        let serverPID = arguments.optional("server-pid").flatMap { Int32($0) }

        var logger = Logger(label: "quad-bench.identity")
        logger.logLevel = .warning
        // The shared event loop group, as before: this client is not pinned to one loop.
        let transport = endpoint.client(
            tls: try endpoint.tls(),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: logger
        )
        defer { transport.close() }
        let identity = Quad_Identity_V1_Identity.Client(transport: transport)

        // Accounts to log in as and read the profile of.
        let run = UInt32.random(in: 0...UInt32.max)
        var emails: [String] = []
        var tokens: [String] = []
        for index in 0..<users {
            let email = "bench\(run)x\(index)@northfield.edu"
            let response = try await identity.register(registration(email: email, room: "10\(index % 10)"))
            emails.append(email)
            tokens.append(response.session.accessToken)
        }
        let accounts = emails
        let readOptions = tokens.map { CallOptions(metadata: ["authorization": "Bearer \($0)"]) }

        let read: @Sendable (Int) async throws -> Void = { index in
            _ = try await identity.getMyProfile(.init(), options: readOptions[index % readOptions.count])
        }
        let login: @Sendable (Int) async throws -> Void = { index in
            _ = try await identity.login(
                .with {
                    $0.email = accounts[index % accounts.count]
                    $0.password = password
                }
            )
        }

        for phase in ["idle", "logins", "storm"] {
            let start = monotonicNanos() + 200_000_000
            let end = start + UInt64(duration * 1e9)
            // Server CPU at the window's edges (closed-loop logins may return after `end`).
            async let cpuStart: Double? = sampleCPU(serverPID, at: start)
            async let cpuEndSample: Double? = sampleCPU(serverPID, at: end)
            async let reads: LatencySamples? =
                phase == "logins"
                ? nil
                : openLoop(rate: readRate, start: start, end: end, call: read)
            async let logins: LatencySamples? =
                phase == "idle"
                ? nil
                : closedLoop(concurrency: storm, start: start, end: end, call: login)
            let (readSamples, loginSamples, cpuBegin, cpuEnd) = await (reads, logins, cpuStart, cpuEndSample)
            let seconds = Double(end - start) / 1e9
            var result = PhaseResult(phase: phase, durationSeconds: seconds)
            if let readSamples {
                result.reads = readSamples.nanos.count
                result.readErrors = readSamples.errors
                result.readOfferedPerSecond = readRate
                result.readP50Micros = readSamples.percentileMicros(0.5)
                result.readP99Micros = readSamples.percentileMicros(0.99)
                result.readP999Micros = readSamples.percentileMicros(0.999)
            }
            if let loginSamples {
                result.logins = loginSamples.nanos.count
                result.loginErrors = loginSamples.errors
                result.loginsPerSecond = Double(loginSamples.nanos.count) / seconds
                result.loginP50Micros = loginSamples.percentileMicros(0.5)
                result.loginP99Micros = loginSamples.percentileMicros(0.99)
            }
            if let cpuBegin, let cpuEnd { result.serverCPUUtilisation = (cpuEnd - cpuBegin) / (seconds * 1e6) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        }
    }

    static func sampleCPU(_ pid: Int32?, at instant: UInt64) async -> Double? {
        await CPUProbe.sleep(until: instant)
        return pid.flatMap(processCPUMicros)
    }

    /// Sends call i at start + i/rate whatever the previous calls are doing; latency runs
    /// from that intended time to the response.
    static func openLoop(
        rate: Double,
        start: UInt64,
        end: UInt64,
        call: @escaping @Sendable (Int) async throws -> Void
    ) async -> LatencySamples {
        let collected = Collector()
        let interval = 1e9 / rate
        await withDiscardingTaskGroup { group in
            var index = 0
            while true {
                let intended = start + UInt64(Double(index) * interval)
                if intended >= end { break }
                await CPUProbe.sleep(until: intended)
                let callIndex = index
                group.addTask {
                    do {
                        try await call(callIndex)
                        let latency = monotonicNanos() - intended
                        collected.samples.withLock { $0.nanos.append(latency) }
                    } catch {
                        collected.samples.withLock { $0.errors += 1 }
                    }
                }
                index += 1
            }
        }
        return collected.samples.withLock { $0 }
    }

    /// `concurrency` callers in a closed loop; counts calls that started and ended in the window.
    static func closedLoop(
        concurrency: Int,
        start: UInt64,
        end: UInt64,
        call: @escaping @Sendable (Int) async throws -> Void
    ) async -> LatencySamples {
        await CPUProbe.sleep(until: start)
        return await withTaskGroup(of: LatencySamples.self) { group in
            for caller in 0..<concurrency {
                group.addTask {
                    var samples = LatencySamples()
                    var index = caller
                    while monotonicNanos() < end {
                        let begin = monotonicNanos()
                        do {
                            try await call(index)
                            let finish = monotonicNanos()
                            if finish <= end { samples.nanos.append(finish - begin) }
                        } catch {
                            samples.errors += 1
                            if samples.errors == 1 {
                                FileHandle.standardError.write(Data("login failed: \(error)\n".utf8))
                            }
                        }
                        index += concurrency
                    }
                    return samples
                }
            }
            var parts: [LatencySamples] = []
            for await part in group { parts.append(part) }
            return LatencySamples.merge(parts)
        }
    }
}
