/// How a load run was set up, as the report states it.
public struct RunConfiguration: Codable, Sendable, Hashable {
    /// What was loaded, e.g. "gateway 127.0.0.1:4433 (from .quad/endpoints.json)".
    public var target: String
    /// Journey name to its weight in the mix.
    public var mix: [String: Double]
    /// Arrivals per second in fixed mode; nil in step mode.
    public var rate: Double?
    /// How arrivals are spaced.
    public var process: ArrivalProcess
    /// The length of each run, warm-up included, in seconds.
    public var durationSeconds: Double
    /// The warm-up at the start of each run, excluded from the latency figures, in seconds.
    public var warmUpSeconds: Double
    /// The seed of the arrival schedule and the journey mix.
    public var seed: UInt64
    /// The most journeys in flight at once; arrivals beyond it are dropped.
    public var maxInFlight: Int
    /// Step mode's parameters; nil in fixed mode.
    public var step: StepConfiguration?
    /// How cores were shared, e.g. "harness and 5 services on 2 cores".
    public var cores: String
    /// What a fixed-rate run must stay within (``RunVerdict``); nil in reports written before bounds existed,
    /// read as ``RunBounds/defaults``.
    public var bounds: RunBounds?

    /// Creates a configuration.
    public init(
        target: String,
        mix: [String: Double],
        rate: Double?,
        process: ArrivalProcess,
        durationSeconds: Double,
        warmUpSeconds: Double,
        seed: UInt64,
        maxInFlight: Int,
        step: StepConfiguration?,
        cores: String,
        bounds: RunBounds? = nil
    ) {
        self.target = target
        self.mix = mix
        self.rate = rate
        self.process = process
        self.durationSeconds = durationSeconds
        self.warmUpSeconds = warmUpSeconds
        self.seed = seed
        self.maxInFlight = maxInFlight
        self.step = step
        self.cores = cores
        self.bounds = bounds
    }
}
