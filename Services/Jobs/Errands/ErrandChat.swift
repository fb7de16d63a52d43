/// The rules of an errand's chat (E6): text only, at most 2,000 characters, and no contact details: the chat is how
/// the requester and the buyer reach each other, and neither learns the other's phone number or email from Quad.
public enum ErrandChat {
    /// The most characters a message may have.
    public static let maximumLength = 2_000

    /// Refuses an empty or long message, one with a control character other than a line break or a tab, or one
    /// giving an email address or a phone number, naming `text`.
    public static func validate(_ text: String) throws(JobsError) {
        try requireIdentifier(text, field: "text", "what to say")
        try requireLength(text, field: "text", maximum: maximumLength)
        if let index = text.unicodeScalars.firstIndex(where: {
            $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
        }) {
            let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
            throw .controlCharacter(field: "text", position: position, text.unicodeScalars[index])
        }
        if let kind = contactDetail(in: text) { throw .contactDetail(kind) }
    }

    /// "an email address" or "a phone number" when `text` gives one: a word with an `@` between a name and a
    /// dotted domain, or seven or more digits in a row, spaces, dots, dashes, slashes and brackets between them
    /// allowed.
    static func contactDetail(in text: String) -> String? {
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            let parts = word.split(separator: "@", omittingEmptySubsequences: false)
            if parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), parts[1].first != ".",
                parts[1].last.map({ $0.isLetter }) == true
            {
                return "an email address"
            }
        }
        var digits = 0
        for character in text {
            if character.isASCII, character.isNumber {
                digits += 1
                if digits >= 7 { return "a phone number" }
            } else if !" .-/()+".contains(character) {
                digits = 0
            }
        }
        return nil
    }
}
