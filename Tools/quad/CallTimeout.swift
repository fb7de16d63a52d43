import QuadToolKit
/// Parses `quad call --timeout` values: a number and a unit, `250ms`, `5s`, `1.5s`, `2m`, `1h`.
enum CallTimeout {
    /// The longest timeout accepted: a day (servers cap deadlines far lower anyway).
    static let maximumSeconds: Double = 24 * 60 * 60

    /// The duration `text` names.
    ///
    /// - Throws: ``CLIError`` for a missing or unknown unit, a number that does not parse, or a value not above 0, or one longer than a day.
    static func parse(_ text: String) throws -> Duration {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            // "5ms" also ends in "s": only accept the match whose number parses.
            guard let value = Double(number), value.isFinite else { continue }
            let seconds = value * unit.seconds
            guard seconds > 0 else { throw CLIError("--timeout \(text) must be more than zero") }
            guard seconds <= maximumSeconds else { throw CLIError("--timeout \(text) is longer than a day") }
            return .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        throw CLIError("--timeout \(text) is not a duration; write a number and a unit: 250ms, 5s, 2m or 1h")
    }
}
