import Foundation
import QuadKernel
public import QuadLoadCore
public import QuadWire
import Synchronization

/// A whole load test: one fixed-rate run, or step mode's runs up to the knee, with faults injected
/// alongside, assembled into a ``LoadReport``.
public struct LoadTest: Sendable {
    /// The run (in step mode, every step's, with its rate replaced).
    public var plan: RunPlan
    /// Step mode's search, or nil for one run at ``RunPlan/rate``.
    public var step: StepConfiguration?
    /// The journeys.
    public var mix: JourneyMix
    /// Where the load goes, in words, for the report.
    public var targetDescription: String
    /// How the machine's cores were shared, in words, for the report.
    public var cores: String
    /// What a fixed-rate run must stay within, for the report's verdict.
    public var bounds: RunBounds

    /// A test; see each property.
    public init(
        plan: RunPlan,
        step: StepConfiguration? = nil,
        mix: JourneyMix,
        targetDescription: String,
        cores: String,
        bounds: RunBounds = .defaults
    ) {
        self.plan = plan
        self.step = step
        self.mix = mix
        self.targetDescription = targetDescription
        self.cores = cores
        self.bounds = bounds
    }

    /// Injects faults while the test runs: given the test's clock and where to report each fault; cancelled
    /// when the test ends.
    public typealias FaultHook = @Sendable (RunClock, @escaping @Sendable (FaultEvent) -> Void) async -> Void

    /// Runs the test against `transport` as `population`.
    ///
    /// - Throws: ``KneeSearchError`` when the step configuration is not usable.
    public func run(
        transport: any ClientTransport,
        population: Population,
        callLog: CallLog? = nil,
        faults: FaultHook? = nil,
        onStep: @escaping @Sendable (Double) -> Void = { _ in },
        onProgress: @escaping @Sendable (RunProgress) -> Void = { _ in }
    ) async throws -> LoadReport {
        let startedAt = Microseconds.iso8601(QuadClock.systemMicros())
        let clock = RunClock()
        let events = FaultLog()
        let injector = faults.map { hook in Task { await hook(clock) { event in events.append(event) } } }
        defer { injector?.cancel() }
        // Runs longer than an access token lives (15 minutes) renew their people's sessions as apps do.
        let signedIn = Task { await population.keepSignedIn(through: transport) }
        defer { signedIn.cancel() }

        var runs: [RunResult] = []
        var failures: [FailureRecord] = []
        var failureCount = 0
        var knee: KneeResult?
        func runOnce(rate: Double, clock: RunClock) async {
            var stepPlan = plan
            stepPlan.rate = rate
            onStep(rate)
            let outcome = await OpenLoopRunner(
                plan: stepPlan,
                mix: mix,
                transport: transport,
                population: population,
                callLog: callLog,
                onProgress: onProgress
            ).run(clock: clock)
            runs.append(outcome.result)
            failureCount += outcome.failureCount
            failures.append(contentsOf: outcome.failures.prefix(max(0, 100 - failures.count)))
        }

        if let step {
            var search = try KneeSearch(
                startRate: step.startRate,
                stepFactor: step.stepFactor,
                maxRate: step.maxRate,
                bounds: step.bounds
            )
            var action = search.start()
            var first = true
            while case .run(let rate) = action, !Task.isCancelled {
                await runOnce(rate: rate, clock: first ? clock : RunClock())
                first = false
                action = search.stepEnded(runs[runs.count - 1])
            }
            if case .finished(let result) = action { knee = result }
        } else {
            await runOnce(rate: plan.rate, clock: clock)
        }
        injector?.cancel()
        _ = await injector?.value

        let configuration = RunConfiguration(
            target: targetDescription,
            mix: mix.weights,
            rate: step == nil ? plan.rate : nil,
            process: plan.process,
            durationSeconds: plan.duration.seconds,
            warmUpSeconds: plan.warmUp.seconds,
            seed: plan.seed,
            maxInFlight: plan.maxInFlight,
            step: step,
            cores: cores,
            bounds: bounds
        )
        return LoadReport(
            tool: "quad-load",
            startedAt: startedAt,
            configuration: configuration,
            runs: runs,
            knee: knee,
            faults: events.all,
            failures: failures,
            failureCount: failureCount
        )
    }
}

/// The faults injected so far, in order.
private final class FaultLog: Sendable {
    private let events = Mutex<[FaultEvent]>([])

    func append(_ event: FaultEvent) { events.withLock { $0.append(event) } }

    var all: [FaultEvent] { events.withLock { $0 } }
}
