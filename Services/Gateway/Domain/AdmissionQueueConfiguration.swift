/// The short queue in front of each partition's limit in ``PartitionedAdmission``.
public struct AdmissionQueueConfiguration: Sendable, Hashable {
    /// Calls that may wait for a slot in one partition, all clients together; 0: no queue (a call over the
    /// limit is refused at once).
    public var capacity: Int
    /// The longest a call waits for a slot while the queue drains normally.
    public var maximumWait: Duration
    /// The wait a queue should stay under. Once every call granted for ``maximumWait`` had waited longer (a
    /// standing queue, not a burst: CoDel's test), calls that have waited longer than this are refused instead
    /// of granted, so sustained overload is shed and the accepted calls stay near their unloaded latency.
    public var targetWait: Duration

    /// - Precondition: `capacity >= 0` and `0 < targetWait <= maximumWait`.
    public init(
        capacity: Int = 256,
        maximumWait: Duration = .milliseconds(100),
        targetWait: Duration = .milliseconds(5)
    ) {
        precondition(capacity >= 0 && targetWait > .zero && targetWait <= maximumWait)
        self.capacity = capacity
        self.maximumWait = maximumWait
        self.targetWait = targetWait
    }

    /// - capacity 256: more than one app connection may have open (100), so one connection pipelining a burst
    ///   is held back by its own connection (the server stops reading it) before the queue overflows;
    /// - maximum wait 100 ms and target 5 ms: CoDel's interval and target. A burst of a thousand fast calls
    ///   drains well within 100 ms; a queue that has not dropped under 5 ms for 100 ms is overload.
    public static var defaults: AdmissionQueueConfiguration { AdmissionQueueConfiguration() }
}
