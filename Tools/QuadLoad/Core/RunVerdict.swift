/// What a reader of a fixed-rate run needs first: how many journeys succeeded, and whether every method and the
/// journeys stayed within the run's ``RunBounds``. The harness's validity (``RunResult/valid``) is a separate
/// question: a run can keep its schedule perfectly and still fail a tenth of its calls.
public struct RunVerdict: Codable, Sendable, Hashable {
    /// One bound missed.
    public struct Breach: Codable, Sendable, Hashable, CustomStringConvertible {
        /// What is measured.
        public enum Measure: String, Codable, Sendable, Hashable {
            /// The share of failed calls (or journeys).
            case errors
            /// The corrected p99, in milliseconds.
            case p99
        }

        /// The method, or `journeys` for the journeys as a whole.
        public var subject: String
        /// What missed its bound.
        public var measure: Measure
        /// The value measured: a ratio for ``Measure/errors``, milliseconds for ``Measure/p99``.
        public var value: Double
        /// The bound it passed.
        public var bound: Double

        /// Creates a breach.
        public init(subject: String, measure: Measure, value: Double, bound: Double) {
            self.subject = subject
            self.measure = measure
            self.value = value
            self.bound = bound
        }

        /// `identity.Login: 3.8% of calls failed (bound 1%)`.
        public var description: String {
            switch measure {
            case .errors:
                let what = subject == RunVerdict.journeysSubject ? "journeys" : "calls"
                return
                    "\(subject): \(NumberFormat.percent(value)) of \(what) failed (bound \(NumberFormat.percent(bound)))"
            case .p99:
                return "\(subject): p99 \(NumberFormat.scaled(value)) ms (bound \(NumberFormat.scaled(bound)) ms)"
            }
        }
    }

    /// The subject of a breach about the journeys as a whole.
    public static let journeysSubject = "journeys"

    /// The rate the run was asked for, per second.
    public var rate: Double
    /// The bounds judged against.
    public var bounds: RunBounds
    /// Journeys that ended in the measured window, successful or not.
    public var journeys: Int
    /// Journeys that ended successfully.
    public var journeysSucceeded: Int
    /// `journeysSucceeded / journeys`; 0 when none ended.
    public var journeySuccessRatio: Double
    /// Every bound missed: the journeys first, then the methods by name.
    public var breaches: [Breach]
    /// Whether the run met every bound.
    public var metBounds: Bool

    /// Judges `run` against `bounds`.
    ///
    /// A run where no journey ended in the measured window misses its bounds: there is nothing to pass.
    public static func judge(_ run: RunResult, bounds: RunBounds) -> RunVerdict {
        let journeys = run.journeys.reduce(0) { $0 + $1.count }
        let succeeded = run.journeys.reduce(0) { $0 + $1.ok }
        let successRatio = journeys > 0 ? Double(succeeded) / Double(journeys) : 0
        var breaches: [Breach] = []
        let failedRatio = 1 - successRatio
        if journeys == 0 || failedRatio > bounds.maxErrorRatio {
            breaches.append(
                Breach(subject: journeysSubject, measure: .errors, value: failedRatio, bound: bounds.maxErrorRatio)
            )
        }
        for method in run.methods.sorted(by: { $0.name < $1.name }) where method.count > 0 {
            let errorRatio = Double(method.failed) / Double(method.count)
            if errorRatio > bounds.maxErrorRatio {
                breaches.append(
                    Breach(subject: method.name, measure: .errors, value: errorRatio, bound: bounds.maxErrorRatio)
                )
            }
            if method.corrected.p99 > bounds.maxP99Milliseconds {
                breaches.append(
                    Breach(
                        subject: method.name,
                        measure: .p99,
                        value: method.corrected.p99,
                        bound: bounds.maxP99Milliseconds
                    )
                )
            }
        }
        return RunVerdict(
            rate: run.targetRate,
            bounds: bounds,
            journeys: journeys,
            journeysSucceeded: succeeded,
            journeySuccessRatio: successRatio,
            breaches: breaches,
            metBounds: breaches.isEmpty
        )
    }

    /// `31 of 41 journeys succeeded (75.6%)`.
    public var journeysLine: String {
        "\(journeysSucceeded) of \(journeys) journeys succeeded (\(NumberFormat.percent(journeySuccessRatio)))"
    }
}
