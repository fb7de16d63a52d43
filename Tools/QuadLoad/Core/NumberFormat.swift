import Foundation

/// How numbers read in reasons and reports: short, with no trailing ".0".
enum NumberFormat {
    /// A rate or other plain number: at most one decimal ("320", "156.3").
    static func plain(_ value: Double) -> String {
        trimmed(String(format: "%.1f", value))
    }

    /// A measure (milliseconds, seconds) with precision that suits its size ("0.84", "12.3", "812.3", "2041").
    static func scaled(_ value: Double) -> String {
        switch value {
        case ..<10: trimmed(String(format: "%.2f", value))
        case ..<1_000: trimmed(String(format: "%.1f", value))
        default: String(format: "%.0f", value)
        }
    }

    /// A ratio as a percentage with one decimal when it matters ("82%", "1.2%").
    static func percent(_ ratio: Double) -> String {
        trimmed(String(format: "%.1f", ratio * 100)) + "%"
    }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
