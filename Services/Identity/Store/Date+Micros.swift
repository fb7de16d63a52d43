import Foundation

extension Date {
    /// UTC microseconds since the Unix epoch, as identity stores times.
    var micros: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }

    init(micros: Int64) { self.init(timeIntervalSince1970: Double(micros) / 1_000_000) }
}
