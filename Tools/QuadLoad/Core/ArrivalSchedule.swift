/// The intended start times of arrivals at a fixed rate: the open-loop schedule the harness tries to keep.
///
/// Each call to ``next()`` gives the next intended start, in nanoseconds since the run's start. The schedule is
/// fixed by the rate, the process and the seed alone: however late the caller is, the next arrival is still due when
/// the schedule says, which is what lets latency be measured from the intended start (no coordinated omission).
public struct ArrivalSchedule: Sendable {
    /// Arrivals per second.
    public let rate: Double
    /// How arrivals are spaced.
    public let process: ArrivalProcess
    /// The seed of the Poisson gaps (unused by a constant schedule).
    public let seed: UInt64

    private var generator: SplitMix64
    private var index: UInt64 = 0
    private var elapsedNanoseconds: Double = 0

    /// Creates a schedule.
    ///
    /// - Parameters:
    ///   - rate: arrivals per second; must be finite and greater than zero.
    ///   - process: `.constant` puts the first arrival at 0 and then one every `1 / rate` seconds; `.poisson` draws
    ///     exponential gaps of mean `1 / rate` from a generator seeded with `seed`, the first arrival one gap after 0.
    ///   - seed: the same seed gives the same schedule.
    public init(rate: Double, process: ArrivalProcess, seed: UInt64) {
        precondition(rate > 0 && rate.isFinite, "ArrivalSchedule rate must be a finite number above 0, got \(rate)")
        self.rate = rate
        self.process = process
        self.seed = seed
        self.generator = SplitMix64(seed: seed)
    }

    /// The intended start of the next arrival, in nanoseconds since the run's start.
    public mutating func next() -> UInt64 {
        switch process {
        case .constant:
            // Computed from the index rather than summed, so rounding never drifts: arrival n is at n / rate.
            let offset = (Double(index) * 1e9 / rate).rounded()
            index += 1
            return UInt64(offset)
        case .poisson:
            elapsedNanoseconds += generator.nextExponential(mean: 1e9 / rate)
            index += 1
            return UInt64(elapsedNanoseconds.rounded())
        }
    }
}
