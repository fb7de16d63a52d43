public import QuadLoadCore

/// How one fixed-rate run goes: the arrivals, how long, and the limits on the harness's side.
public struct RunPlan: Sendable, Hashable {
    /// Arrivals (journeys started) per second.
    public var rate: Double
    /// Constant spacing or Poisson.
    public var process: ArrivalProcess
    /// The measured part of the run.
    public var duration: Duration
    /// Run before the measured part and left out of it.
    public var warmUp: Duration
    /// Arrivals go on this long after the measured part and are left out of it too, so that journeys
    /// that need others (a customer's job needs a dasher who arrives later) can finish.
    public var coolDown: Duration
    /// The seed of the arrival schedule, the journeys picked and their choices.
    public var seed: UInt64
    /// Journeys at most in flight; an arrival beyond waits for one to end (its wait counts in its latency).
    public var maxInFlight: Int
    /// An arrival that waited this long for a free slot is dropped (counted, not run).
    public var dropAfter: Duration
    /// The deadline of each call.
    public var callTimeout: Duration
    /// Every think time is multiplied by this.
    public var thinkScale: Double
    /// After the last arrival, how long the journeys that arrived in the measured window may take to end before
    /// they are cancelled; the wait ends sooner once no call has finished for ``callTimeout`` (``RunDrain``).
    public var drainTimeout: Duration

    /// A plan; see each property.
    public init(
        rate: Double,
        process: ArrivalProcess = .poisson,
        duration: Duration,
        warmUp: Duration = .seconds(5),
        coolDown: Duration = .zero,
        seed: UInt64 = 1,
        maxInFlight: Int = 2_000,
        dropAfter: Duration = .seconds(1),
        callTimeout: Duration = .seconds(10),
        thinkScale: Double = 1,
        drainTimeout: Duration = .seconds(30)
    ) {
        self.rate = rate
        self.process = process
        self.duration = duration
        self.warmUp = warmUp
        self.coolDown = coolDown
        self.seed = seed
        self.maxInFlight = maxInFlight
        self.dropAfter = dropAfter
        self.callTimeout = callTimeout
        self.thinkScale = thinkScale
        self.drainTimeout = drainTimeout
    }
}
