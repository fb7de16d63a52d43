import Foundation

/// What one client run measured, printed as one JSON line.
struct RunResult: Codable {
    var impl: String
    var payload: Int
    var inFlight: Int
    var durationSeconds: Double
    var calls: Int
    var errors: Int
    var callsPerSecond: Double
    var p50Micros: Double
    var p99Micros: Double
    var p999Micros: Double
    /// Server user+system CPU over the measured window divided by the calls in it (from
    /// /proc/<pid>/stat, 10 ms ticks), when the server's pid was given.
    var serverCPUMicrosPerCall: Double?
    /// The server's CPU use over the window as a fraction of one core.
    var serverCPUUtilisation: Double?
    /// This client process's CPU per call and utilisation (getrusage), to show when the
    /// client, not the server, is the bottleneck.
    var clientCPUMicrosPerCall: Double
    var clientCPUUtilisation: Double
    /// Server allocations (mallocs) per call over the window, in an allocation pass
    /// (`--alloc-file`, the server preloading malloc-interposer).
    var serverAllocationsPerCall: Double?
    /// The CPU per call of the process behind the server (identity behind the gateway), when its pid was given.
    var upstreamCPUMicrosPerCall: Double? = nil
}

/// Latencies of one caller in the measured window, in nanoseconds.
struct LatencySamples: Sendable {
    var nanos: [UInt64] = []
    var errors = 0

    init() { nanos.reserveCapacity(1 << 16) }

    static func merge(_ parts: [LatencySamples]) -> LatencySamples {
        var all = LatencySamples()
        all.nanos = parts.flatMap(\.nanos)
        all.errors = parts.reduce(0) { $0 + $1.errors }
        return all
    }

    func percentileMicros(_ fraction: Double) -> Double {
        guard !nanos.isEmpty else { return 0 }
        let sorted = nanos.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
        return Double(sorted[max(0, index)]) / 1000
    }
}

/// A monotonic clock in nanoseconds.
@inline(__always)
func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The measurement window: warm up until `start`, measure until `end`.
struct Window: Sendable {
    let start: UInt64
    let end: UInt64

    init(warmupSeconds: Double, durationSeconds: Double) {
        let now = monotonicNanos()
        start = now + UInt64(warmupSeconds * 1e9)
        end = start + UInt64(durationSeconds * 1e9)
    }

    var durationSeconds: Double { Double(end - start) / 1e9 }
}

/// CPU time (user + system) of a process in microseconds, from /proc/<pid>/stat.
func processCPUMicros(pid: Int32) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return nil }
    // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return (user + system) / ticks * 1e6
}

/// This process's CPU time in microseconds.
func selfCPUMicros() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func micros(_ t: timeval) -> Double { Double(t.tv_sec) * 1e6 + Double(t.tv_usec) }
    return micros(usage.ru_utime) + micros(usage.ru_stime)
}

/// Samples server and client CPU at the window's edges.
struct CPUProbe: Sendable {
    let serverPID: Int32?
    /// Also snapshot the server's allocation count at the window's edges (AllocationCounter).
    var countAllocations = false
    var serverStart: Double?
    var serverEnd: Double?
    var clientStart = 0.0
    var clientEnd = 0.0

    init(serverPID: Int32?, countAllocations: Bool = false) {
        self.serverPID = serverPID
        self.countAllocations = countAllocations
    }

    mutating func markStart() {
        if countAllocations, let serverPID { AllocationCounter.requestSnapshot(serverPID: serverPID) }
        serverStart = serverPID.flatMap(processCPUMicros)
        clientStart = selfCPUMicros()
    }

    mutating func markEnd() {
        if countAllocations, let serverPID { AllocationCounter.requestSnapshot(serverPID: serverPID) }
        serverEnd = serverPID.flatMap(processCPUMicros)
        clientEnd = selfCPUMicros()
    }

    static func sleep(until instant: UInt64) async {
        let now = monotonicNanos()
        if instant > now { try? await Task.sleep(nanoseconds: instant - now) }
    }
}

func makeResult(
    impl: String,
    options: ClientOptions,
    window: Window,
    samples: LatencySamples,
    cpu: CPUProbe
) -> RunResult {
    let calls = samples.nanos.count
    let seconds = window.durationSeconds
    let serverCPU = zip(cpu.serverStart, cpu.serverEnd).map { $1 - $0 }
    let clientCPU = cpu.clientEnd - cpu.clientStart
    return RunResult(
        impl: impl,
        payload: options.payload,
        inFlight: options.inFlight,
        durationSeconds: seconds,
        calls: calls,
        errors: samples.errors,
        callsPerSecond: Double(calls) / seconds,
        p50Micros: samples.percentileMicros(0.50),
        p99Micros: samples.percentileMicros(0.99),
        p999Micros: samples.percentileMicros(0.999),
        serverCPUMicrosPerCall: serverCPU.map { calls > 0 ? $0 / Double(calls) : 0 },
        serverCPUUtilisation: serverCPU.map { $0 / (seconds * 1e6) },
        clientCPUMicrosPerCall: calls > 0 ? clientCPU / Double(calls) : 0,
        clientCPUUtilisation: clientCPU / (seconds * 1e6),
        serverAllocationsPerCall: options.allocFile.flatMap {
            AllocationCounter.perCall(reportFile: $0, snapshots: 2, calls: calls)
        }
    )
}

private func zip(_ a: Double?, _ b: Double?) -> (Double, Double)? {
    guard let a, let b else { return nil }
    return (a, b)
}

/// Runs `inFlight` concurrent callers of an async `call` through the window and collects
/// the latencies of calls that started and ended inside it (closed loop: each caller
/// sends its next call when the previous one returns).
func runAsyncCallers(
    inFlight: Int,
    window: Window,
    serverPID: Int32?,
    countAllocations: Bool = false,
    executor: (any TaskExecutor)? = nil,
    call: @escaping @Sendable () async throws -> Void
) async -> (LatencySamples, CPUProbe) {
    await runAsyncCallers(
        inFlight: inFlight,
        window: window,
        serverPID: serverPID,
        countAllocations: countAllocations,
        executor: executor,
        callAs: { _ in try await call() }
    )
}

/// As ``runAsyncCallers(inFlight:window:serverPID:countAllocations:executor:call:)``, telling
/// each call which caller (0..<inFlight) makes it, for callers that act as different users.
func runAsyncCallers(
    inFlight: Int,
    window: Window,
    serverPID: Int32?,
    countAllocations: Bool = false,
    executor: (any TaskExecutor)? = nil,
    callAs call: @escaping @Sendable (Int) async throws -> Void
) async -> (LatencySamples, CPUProbe) {
    // With an executor (quad's EventLoopTaskExecutor) the callers run on that thread.
    await withTaskExecutorPreference(executor) {
        await withTaskGroup(of: LatencySamples.self) { group in
            for caller in 0..<inFlight {
                group.addTask {
                    var samples = LatencySamples()
                    while true {
                        let begin = monotonicNanos()
                        var failed = false
                        do { try await call(caller) } catch {
                            failed = true
                            if samples.errors < 3 {
                                FileHandle.standardError.write(Data("call failed: \(error)\n".utf8))
                            }
                        }
                        let end = monotonicNanos()
                        if begin >= window.start && end <= window.end {
                            if failed { samples.errors += 1 } else { samples.nanos.append(end - begin) }
                        }
                        if end >= window.end { break }
                    }
                    return samples
                }
            }
            var cpu = CPUProbe(serverPID: serverPID, countAllocations: countAllocations)
            await CPUProbe.sleep(until: window.start)
            cpu.markStart()
            await CPUProbe.sleep(until: window.end)
            cpu.markEnd()
            var parts: [LatencySamples] = []
            for await part in group { parts.append(part) }
            return (LatencySamples.merge(parts), cpu)
        }
    }
}
