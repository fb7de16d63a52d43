public import Foundation

extension Date {
    /// UTC microseconds since the Unix epoch (DESIGN.md: times are UTC microseconds), to the nearest.
    public var micros: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }

    /// The instant `micros` UTC microseconds since the Unix epoch: the one conversion the services use where
    /// Foundation's types are spoken (event logs, ids, tokens).
    public init(micros: Int64) { self.init(timeIntervalSince1970: Double(micros) / 1_000_000) }
}
