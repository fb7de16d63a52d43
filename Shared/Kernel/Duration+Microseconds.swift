extension Duration {
    /// The duration in whole microseconds (``Microseconds``' unit), rounded down; saturates rather than overflows.
    public var microseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: Microseconds.perSecond)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return whole.addingReportingOverflow(attoseconds / 1_000_000_000_000).partialValue
    }
}
