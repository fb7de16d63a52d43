/// Step mode as a state machine: raise the rate step by step until the knee, where a step's corrected p99 or its
/// error ratio goes past a bound, or the harness can no longer run the step validly.
///
/// The caller runs each rate the search asks for and reports the result:
/// ```swift
/// var search = try KneeSearch(startRate: 100, stepFactor: 1.25, maxRate: 2000, bounds: bounds)
/// var action = search.start()
/// while case .run(let rate) = action { action = search.stepEnded(try await run(at: rate)) }
/// ```
public struct KneeSearch: Sendable {
    /// The limits a step must stay within.
    public struct Bounds: Codable, Sendable, Hashable {
        /// The highest acceptable corrected p99, in milliseconds.
        public var p99Milliseconds: Double
        /// The highest acceptable ratio of failed calls to all calls (0.01 is 1%).
        public var errorRatio: Double
        /// The journey whose p99 is judged; nil judges the slowest method's.
        public var journey: String?

        /// Creates bounds; without `journey` the slowest method's p99 is judged.
        public init(p99Milliseconds: Double, errorRatio: Double, journey: String? = nil) {
            self.p99Milliseconds = p99Milliseconds
            self.errorRatio = errorRatio
            self.journey = journey
        }
    }

    /// What the caller does next.
    public enum Action: Sendable, Hashable {
        /// Run a step at this many arrivals per second, then call ``KneeSearch/stepEnded(_:)``.
        case run(rate: Double)
        /// The search is over.
        case finished(KneeResult)
    }

    private enum State: Sendable {
        case idle
        case running(rate: Double)
        case finished(KneeResult)
    }

    /// The first step's rate.
    public let startRate: Double
    /// Each step's rate is the previous one's times this.
    public let stepFactor: Double
    /// The highest rate run; the last step is clamped to it.
    public let maxRate: Double
    /// The limits a step must stay within.
    public let bounds: Bounds

    private var state: State = .idle
    private var curve: [CurvePoint] = []
    private var kneeRate: Double?

    /// Creates a search, refusing parameters it cannot work with.
    ///
    /// - Throws: ``KneeSearchError`` naming the parameter when `startRate` is not above 0, `stepFactor` not above 1,
    ///   `maxRate` below `startRate`, the p99 bound not above 0, or the error-ratio bound outside 0 ... 1.
    public init(startRate: Double, stepFactor: Double, maxRate: Double, bounds: Bounds) throws(KneeSearchError) {
        guard startRate.isFinite, startRate > 0 else {
            throw KneeSearchError(
                parameter: "startRate",
                message: "startRate must be a number of arrivals per second above 0, got \(startRate)"
            )
        }
        guard stepFactor.isFinite, stepFactor > 1 else {
            throw KneeSearchError(
                parameter: "stepFactor",
                message: "stepFactor must be above 1 so each step raises the rate (e.g. 1.25), got \(stepFactor)"
            )
        }
        guard maxRate.isFinite, maxRate >= startRate else {
            throw KneeSearchError(
                parameter: "maxRate",
                message: "maxRate must be at least startRate (\(NumberFormat.plain(startRate))/s), got \(maxRate)"
            )
        }
        guard bounds.p99Milliseconds.isFinite, bounds.p99Milliseconds > 0 else {
            throw KneeSearchError(
                parameter: "bounds.p99Milliseconds",
                message: "bounds.p99Milliseconds must be a latency above 0 ms, got \(bounds.p99Milliseconds)"
            )
        }
        guard (0...1).contains(bounds.errorRatio) else {
            throw KneeSearchError(
                parameter: "bounds.errorRatio",
                message: "bounds.errorRatio must be a ratio from 0 to 1 (0.01 is 1%), got \(bounds.errorRatio)"
            )
        }
        self.startRate = startRate
        self.stepFactor = stepFactor
        self.maxRate = maxRate
        self.bounds = bounds
    }

    /// Starts the search: run the first step. Calling it again repeats the current action.
    public mutating func start() -> Action {
        switch state {
        case .idle:
            state = .running(rate: startRate)
            return .run(rate: startRate)
        case .running(let rate):
            return .run(rate: rate)
        case .finished(let result):
            return .finished(result)
        }
    }

    /// The step asked for has ended with `result`: run the next rate, or finish at the knee.
    public mutating func stepEnded(_ result: RunResult) -> Action {
        switch state {
        case .idle:
            preconditionFailure("KneeSearch.stepEnded(_:) called before start()")
        case .finished(let result):
            return .finished(result)
        case .running(let rate):
            let judged = judge(result, at: rate)
            curve.append(judged.point)
            if judged.failures.isEmpty {
                kneeRate = rate
                if rate >= maxRate {
                    return finish(
                        "reached --max-rate \(NumberFormat.plain(maxRate))/s with every step within bounds"
                    )
                }
                let next = Swift.min(rate * stepFactor, maxRate)
                state = .running(rate: next)
                return .run(rate: next)
            }
            return finish(judged.failures.joined(separator: "; "))
        }
    }

    private mutating func finish(_ reason: String) -> Action {
        let result = KneeResult(kneeRate: kneeRate, reason: reason, bounds: bounds, curve: curve)
        state = .finished(result)
        return .finished(result)
    }

    /// The step's curve point and, when it is past the knee, each reason why.
    private func judge(_ result: RunResult, at rate: Double) -> (point: CurvePoint, failures: [String]) {
        let atRate = "at \(NumberFormat.plain(rate))/s"
        var failures: [String] = []
        if !result.valid {
            let why = result.invalidReasons.isEmpty ? "" : ": " + result.invalidReasons.joined(separator: "; ")
            failures.append("the step \(atRate) was invalid\(why)")
        }

        let p99: Double
        let source: String
        if let journey = bounds.journey {
            p99 = result.journeys.first { $0.name == journey }?.corrected.p99 ?? 0
            source = journey
            if !result.journeys.contains(where: { $0.name == journey && $0.count > 0 }) {
                failures.append("journey \(journey) completed nothing \(atRate), so its p99 cannot be judged")
            }
        } else {
            let slowest = result.slowestMethod
            p99 = slowest?.corrected.p99 ?? 0
            source = slowest?.name ?? "no method"
        }
        if p99 > bounds.p99Milliseconds {
            failures.append(
                "p99 \(NumberFormat.scaled(p99)) ms > \(NumberFormat.scaled(bounds.p99Milliseconds)) ms "
                    + "\(atRate) (\(source))"
            )
        }
        let errorRatio = result.errorRatio
        if errorRatio > bounds.errorRatio {
            failures.append(
                "error ratio \(NumberFormat.percent(errorRatio)) > \(NumberFormat.percent(bounds.errorRatio)) \(atRate)"
            )
        }
        let point = CurvePoint(
            targetRate: rate,
            achievedRate: result.achievedRate,
            p99Milliseconds: p99,
            errorRatio: errorRatio,
            valid: result.valid,
            withinBounds: failures.isEmpty
        )
        return (point, failures)
    }
}
