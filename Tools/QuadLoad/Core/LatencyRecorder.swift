/// Latency histograms and status counts per name (method or journey) over a run's measured window.
///
/// Each sample is recorded twice: corrected (finished − intended, what a user arriving on schedule waited) and
/// uncorrected (finished − sent). Only samples whose intended start lies in the window are kept, so warm-up is
/// excluded. Recorders from several tasks can be merged.
public struct LatencyRecorder: Sendable, Equatable {
    /// What is kept for one name.
    private struct Entry: Sendable, Equatable {
        var corrected = LatencyHistogram()
        var uncorrected = LatencyHistogram()
        var ok = 0
        var errors: [String: Int] = [:]

        mutating func record(_ sample: CallSample) {
            corrected.record(nanoseconds: sample.correctedNanoseconds)
            uncorrected.record(nanoseconds: sample.uncorrectedNanoseconds)
            if sample.isOK {
                ok += 1
            } else {
                errors[sample.status, default: 0] += 1
            }
        }

        mutating func merge(_ other: Entry) {
            corrected.merge(other.corrected)
            uncorrected.merge(other.uncorrected)
            ok += other.ok
            errors.merge(other.errors, uniquingKeysWith: +)
        }
    }

    /// The measured window, in nanoseconds since the run's start.
    public let window: Range<UInt64>
    private var entries: [String: Entry] = [:]

    /// Creates an empty recorder for the measured window (nanoseconds since the run's start).
    public init(window: Range<UInt64>) {
        self.window = window
    }

    /// Records a sample, unless its intended start lies outside the window.
    public mutating func record(_ sample: CallSample) {
        guard window.contains(sample.intended) else { return }
        entries[sample.name, default: Entry()].record(sample)
    }

    /// Adds everything `other` recorded. Its samples were already filtered by its own window.
    public mutating func merge(_ other: LatencyRecorder) {
        for (name, entry) in other.entries {
            entries[name, default: Entry()].merge(entry)
        }
    }

    /// One summary per name, sorted by name.
    public func summaries() -> [LatencySummary] {
        entries.keys.sorted().map { name in
            let entry = entries[name]!
            return LatencySummary(
                name: name,
                count: entry.corrected.count,
                ok: entry.ok,
                errors: entry.errors,
                corrected: entry.corrected.percentiles,
                uncorrected: entry.uncorrected.percentiles
            )
        }
    }
}
