/// Durations as the command line writes them: `30s`, `1.5s`, `500ms`, `2m`.
public enum DurationText {
    /// Parses `text`; nil when it is not a non-negative number followed by `ms`, `s` or `m`.
    public static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            // "5ms" must not be read as "5m" + "s".
            if unit.suffix == "s", number.hasSuffix("m") { continue }
            guard let value = Double(number), value >= 0, value.isFinite else { return nil }
            return .nanoseconds(Int64((value * unit.seconds * 1e9).rounded()))
        }
        return nil
    }
}
