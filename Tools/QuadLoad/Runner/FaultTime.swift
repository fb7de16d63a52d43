import Foundation

/// The times `--fault` takes: a non-negative number and a unit, `500ms`, `10s`, `1.5s`, `2m`.
enum FaultTime {
    /// The units, longest suffix first so `ms` is not read as `m`.
    private static let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]

    /// Parses `text`; nil when it is not a finite non-negative number followed by `ms`, `s` or `m`.
    static func parse(_ text: Substring) -> Duration? {
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            // Double(_:) also takes "inf", "nan" and "1e3"; only plain decimals are times here.
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value.isFinite
            else { return nil }
            return .nanoseconds(Int64((value * unit.seconds * 1e9).rounded()))
        }
        return nil
    }

    /// `duration` as `--fault` writes it: whole milliseconds below a second, else seconds (`500ms`, `1.5s`).
    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds < 1, seconds > 0 { return "\(Int((seconds * 1000).rounded()))ms" }
        return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }

    /// `duration` in seconds with one decimal, for event details (`3.0 s`).
    static func oneDecimal(_ duration: Duration) -> String {
        String(format: "%.1f s", duration.seconds)
    }
}
