import Foundation

/// The calls of one jobs-reads step: half GetLaundryJob of a random seeded job as its customer, half
/// ListMyLaundryJobs as a random seeded customer, sent at constant spacing from the step's start.
///
/// The sequence comes from a seeded generator (SplitMix64, seeded with the run's seed and the step's number), so
/// both protocols are sent exactly the same calls in the same order at the same instants.
struct JobsReadsPlan: Sendable {
    enum Call: Sendable {
        /// GetLaundryJob of the seed's job at this index, as its customer.
        case get(job: Int)
        /// ListMyLaundryJobs as the seed's customer at this index.
        case list(customer: Int)

        var isGet: Bool { if case .get = self { true } else { false } }
    }

    let rate: Double
    /// When call 0 is due (monotonic nanoseconds).
    let start: UInt64
    let calls: [Call]

    init(rate: Double, durationSeconds: Double, start: UInt64, seed: UInt64, jobs: Int, customers: Int) {
        self.rate = rate
        self.start = start
        var generator = SplitMix64(seed: seed)
        calls = (0..<Int((rate * durationSeconds).rounded())).map { _ in
            let draw = generator.next()
            return draw & 1 == 0
                ? .get(job: Int((draw >> 1) % UInt64(jobs)))
                : .list(customer: Int((draw >> 1) % UInt64(customers)))
        }
    }

    /// When call `index` is due: the constant spacing of a fixed arrival rate, whatever earlier calls are doing.
    func intended(_ index: Int) -> UInt64 { start + UInt64((Double(index) * 1e9 / rate).rounded()) }

    /// When the last call's spacing ends: the step's measured window is [start, end).
    var end: UInt64 { start + UInt64((Double(calls.count) * 1e9 / rate).rounded()) }
}

/// Steele, Lea and Flood's SplitMix64: small, fast, and the same sequence on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What one step measured, in the client: every call the plan sent, by the instant it was due.
struct JobsReadsTally: Sendable {
    /// Latency of each call that succeeded, from its intended start (nanoseconds), by kind.
    var getNanos: [UInt64] = []
    var listNanos: [UInt64] = []
    /// Calls that failed (a refusal, a wrong answer, a broken connection).
    var errors = 0
    /// Calls still unanswered when the step gave up waiting (counted as errors too).
    var unfinished = 0
    /// Successful answers that arrived before the step's window ended: the achieved rate's numerator.
    var answeredInWindow = 0

    mutating func record(_ call: JobsReadsPlan.Call, intended: UInt64, finished: UInt64, ok: Bool, windowEnd: UInt64) {
        guard ok else {
            errors += 1
            return
        }
        if call.isGet { getNanos.append(finished &- intended) } else { listNanos.append(finished &- intended) }
        if finished < windowEnd { answeredInWindow += 1 }
    }
}
