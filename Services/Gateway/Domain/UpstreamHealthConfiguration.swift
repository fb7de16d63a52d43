/// When an upstream instance is ejected and for how long (see ``UpstreamHealth``).
public struct UpstreamHealthConfiguration: Sendable, Hashable {
    /// Failures in a row (connect failures, UNAVAILABLE, failed probes) that eject an instance.
    public var consecutiveFailuresToEject: Int
    /// How long a first ejection lasts; each further ejection in a row doubles it.
    public var baseEjection: Duration
    /// The longest an ejection lasts.
    public var maximumEjection: Duration
    /// Healthy this long after a readmission, an instance's next ejection counts as the first again.
    public var ejectionMemory: Duration
    /// A half-open instance's trial call that has not been reported after this long is presumed lost, and
    /// another trial is allowed.
    public var trialTimeout: Duration

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: at least one failure ejects, and `0 < baseEjection <= maximumEjection`.
    public init(
        consecutiveFailuresToEject: Int = 3,
        baseEjection: Duration = .seconds(1),
        maximumEjection: Duration = .seconds(30),
        ejectionMemory: Duration = .seconds(60),
        trialTimeout: Duration = .seconds(10)
    ) {
        precondition(consecutiveFailuresToEject >= 1, "at least one failure ejects")
        precondition(baseEjection > .zero && baseEjection <= maximumEjection)
        self.consecutiveFailuresToEject = consecutiveFailuresToEject
        self.baseEjection = baseEjection
        self.maximumEjection = maximumEjection
        self.ejectionMemory = ejectionMemory
        self.trialTimeout = trialTimeout
    }

    /// Tuned for services restarting on one machine:
    /// - 3 failures in a row: one reset connection is noise, three mean the process is gone.
    /// - 1 s, doubling to 30 s: a restarted service is usually back within a second or two, so the first
    ///   trial comes soon; one that keeps failing is tried every 30 s at most, a cost nobody notices.
    /// - 60 s memory: twice the longest ejection; an instance that stayed up that long has recovered.
    /// - 10 s trial timeout: longer than any unary call's default deadline, so a trial is presumed lost only if
    ///   its result was never reported.
    public static var defaults: UpstreamHealthConfiguration { UpstreamHealthConfiguration() }
}
