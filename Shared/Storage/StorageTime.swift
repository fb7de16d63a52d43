import Foundation

/// Timestamps as the design stores them: UTC microseconds since 1970.
enum StorageTime {
    /// Microseconds since 1970 of `date`.
    static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// The date of `microseconds` since 1970.
    static func date(microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
