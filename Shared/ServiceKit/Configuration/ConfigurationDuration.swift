/// Parses and prints durations as configuration writes them: `250us`, `500ms`, `5s`, `2m`, `1h`.
enum ConfigurationDuration {
    private static let units: [(suffix: String, duration: Duration)] = [
        ("us", .microseconds(1)),
        ("ms", .milliseconds(1)),
        ("s", .seconds(1)),
        ("m", .seconds(60)),
        ("h", .seconds(3600)),
    ]

    /// Parses a whole number followed by a unit; nil for anything else (a bare number is ambiguous).
    static func parse(_ text: String) -> Duration? {
        // Longest suffix first, so "500ms" is not read as "500m" + "s".
        for unit in Self.units.sorted(by: { $0.suffix.count > $1.suffix.count }) where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let count = Int(digits) else {
                continue
            }
            return unit.duration * count
        }
        return nil
    }

    /// Prints a duration in the largest unit that divides it exactly: 120 s is `2m`, 1.5 s is `1500ms`.
    static func format(_ duration: Duration) -> String {
        for unit in Self.units.reversed() {
            let (quotient, remainder) = Self.divide(duration, by: unit.duration)
            if remainder == .zero, let quotient {
                return "\(quotient)\(unit.suffix)"
            }
        }
        return "\(duration)"
    }

    private static func divide(_ duration: Duration, by unit: Duration) -> (Int?, Duration) {
        let ratio = duration / unit
        guard ratio.rounded(.towardZero) == ratio, let whole = Int(exactly: ratio) else {
            return (nil, unit)
        }
        return (whole, duration - unit * whole)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool {
        self.isASCII && self.isNumber
    }
}
