/// The opaque page token of a list ordered by a time (or another number) and then a key: `<position>.<key>`.
/// Clients send back what they were given; anything else is refused with ``refusal``, naming `page_token`.
public enum PageToken {
    /// What a token that does not parse is refused with.
    public static let refusal = "page_token: not a token this service gave; pass next_page_token as it came, or none"

    /// The token of the page after `position` and `key`.
    public static func make(_ position: Int64, _ key: String) -> String {
        "\(position).\(key)"
    }

    /// The position and key of a token ``make(_:_:)`` wrote; nil for anything else: no dot, a position that is
    /// not a number or is negative, an empty key, or a key with spaces, control or non-ASCII characters.
    public static func parse(_ token: String) -> (position: Int64, key: String)? {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let position = Int64(parts[0]), position >= 0, !parts[1].isEmpty,
            parts[1].utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        return (position, String(parts[1]))
    }
}
