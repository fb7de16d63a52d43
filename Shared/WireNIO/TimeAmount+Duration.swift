import NIOCore

extension TimeAmount {
    /// The same span, to nanosecond precision (saturating).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self = .nanoseconds(nanos.overflow ? .max : nanos.partialValue &+ attoseconds / 1_000_000_000)
    }
}
