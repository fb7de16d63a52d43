import Foundation
import MatchingDomain

/// A listing's fields as one text column: `name=value` lines sorted by name, with `%`, `=` and line breaks in
/// names and values written as `%25`, `%3D` and `%0A`. Read back by splitting, with no JSON decoder on the path.
enum ListingText {
    static func text(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\(escape($0.key))=\(escape($0.value))" }.joined(separator: "\n")
    }

    static func fields(_ text: String) throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = unescape(parts[0]), let value = unescape(parts[1]) else {
                throw MatchingStoreError("a stored listing has an unreadable line")
            }
            fields[name] = value
        }
        return fields
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "%" || $0 == "=" || $0 == "\n" }) else { return text }
        return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "=", with: "%3D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func unescape(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        return String(text).removingPercentEncoding
    }
}
