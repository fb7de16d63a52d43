/// The token of an `authorization: Bearer <token>` header, read over its UTF-8 bytes: the scheme in any case, the
/// token with surrounding spaces and tabs trimmed. Admission reads it on the event loop for every call, refused ones
/// included, so it avoids `lowercased()`, `count` and Foundation's `trimmingCharacters(in:)`, which walked the
/// header as UTF-16 and were the largest cost of a refusal under overload (docs/performance.md).
enum BearerToken {
    /// The token in `header`, or nil when the scheme is not Bearer or no token follows it.
    static func token(in header: String) -> Substring? {
        guard let rest = afterScheme(header) else { return nil }
        let token = trimmed(rest)
        return token.isEmpty ? nil : token
    }

    /// What follows `Bearer ` (any case), or nil when the header does not start with it.
    static func afterScheme(_ header: String) -> Substring? {
        let utf8 = header.utf8
        var index = utf8.startIndex
        for expected in "bearer".utf8 {
            guard index != utf8.endIndex, utf8[index] | 0x20 == expected else { return nil }
            utf8.formIndex(after: &index)
        }
        guard index != utf8.endIndex, utf8[index] == UInt8(ascii: " ") else { return nil }
        utf8.formIndex(after: &index)
        return header[index...]
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start != end, isBlank(utf8[start]) { utf8.formIndex(after: &start) }
        while end != start, isBlank(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        return text[start..<end]
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
