/// The checks errands' texts get beyond the core's: what people read in a feed or on a receipt.

/// Refuses a text longer than `maximum` characters or holding a control character, naming `field`; line breaks and
/// tabs are control characters too unless `lineBreaks` allows them (notes, not names or labels).
func requireText(_ text: String, field: String, maximum: Int, lineBreaks: Bool = false) throws(JobsError) {
    try requireLength(text, field: field, maximum: maximum)
    let allowed: Set<Unicode.Scalar> = lineBreaks ? ["\n", "\r", "\t"] : []
    if let index = text.unicodeScalars.firstIndex(where: {
        $0.properties.generalCategory == .control && !allowed.contains($0)
    }) {
        let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
        throw .controlCharacter(field: field, position: position, text.unicodeScalars[index])
    }
}

/// Refuses what ``requireText(_:field:maximum:)`` refuses, and emoji: an item's or a store's name is matched,
/// searched and averaged by its words, and a picture in it matches nothing a store sells.
func requireName(_ text: String, field: String, maximum: Int) throws(JobsError) {
    try requireText(text, field: field, maximum: maximum)
    if let scalar = text.unicodeScalars.first(where: isEmoji) {
        throw .emoji(field: field, scalar)
    }
}

/// A scalar that draws as a picture: one shown as emoji by default, or any pictograph (the digits, `#` and `*`,
/// which Unicode also lists as emoji bases, are letters here).
private func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isEmojiPresentation { return true }
    return properties.isEmoji && scalar.value > 0x7F && properties.generalCategory == .otherSymbol
}

/// Errands' text rules for what the service checks outside an errand's operations.
public enum ErrandText {
    /// The most characters a short note (a report's text, an operator's note, a reason) may have.
    public static let maximumNoteLength = 500

    /// Refuses a note over 500 characters or holding a control character other than a line break or a tab, naming
    /// `field`; empty is fine.
    public static func requireNote(_ text: String, field: String) throws(JobsError) {
        try requireText(text, field: field, maximum: maximumNoteLength, lineBreaks: true)
    }

    /// Refuses what an item's or a store's name may not be (``requireName``): empty, long, control characters,
    /// emoji; naming `field`.
    public static func requireName(_ text: String, field: String, maximum: Int = 100) throws(JobsError) {
        try JobsErrands.requireIdentifier(text, field: field, "a name")
        try JobsErrands.requireName(text, field: field, maximum: maximum)
    }
}
