/// One finished call or journey, with its three moments in nanoseconds since the run's start.
///
/// `name` is a method ("jobs.SubmitLaundryJob") or a journey ("laundry-customer").
public struct CallSample: Sendable, Hashable {
    /// The method or journey.
    public var name: String
    /// When it should have started, by the arrival schedule.
    public var intended: UInt64
    /// When it actually started.
    public var sent: UInt64
    /// When it finished.
    public var finished: UInt64
    /// "OK" or a status name such as "UNAVAILABLE" or "DEADLINE_EXCEEDED".
    public var status: String

    /// Creates a sample.
    public init(name: String, intended: UInt64, sent: UInt64, finished: UInt64, status: String) {
        self.name = name
        self.intended = intended
        self.sent = sent
        self.finished = finished
        self.status = status
    }

    /// The status name of a successful call.
    public static let okStatus = "OK"

    /// Whether the call succeeded.
    public var isOK: Bool { status == Self.okStatus }

    /// Latency from the intended start: what a user arriving on schedule waited.
    public var correctedNanoseconds: UInt64 { finished.subtractingClamped(intended) }

    /// Latency from the actual send: what a closed-loop tool would report.
    public var uncorrectedNanoseconds: UInt64 { finished.subtractingClamped(sent) }

    /// How late the call started compared with its schedule.
    public var lagNanoseconds: UInt64 { sent.subtractingClamped(intended) }
}

extension UInt64 {
    /// `self - other`, or 0 when `other` is larger: a clock that went backwards never makes a huge latency.
    func subtractingClamped(_ other: UInt64) -> UInt64 {
        self >= other ? self - other : 0
    }
}
