internal import Foundation

/// First and last names (A1): letters of any script, plus space, hyphen, apostrophe and period.
enum NameRule {
    static let maximumLength = 50

    /// The name trimmed of surrounding spaces and in NFC, or why it is refused.
    static func check(_ raw: String) throws(RuleViolation) -> String {
        // Invisible characters first: they must never be echoed back or stored, whatever else is wrong.
        if let scalar = raw.unicodeScalars.first(where: isInvisible) {
            let kind = scalar.properties.generalCategory == .control ? "a control character" : "an invisible character"
            throw RuleViolation("contains \(kind) (\(scalar.codePoint)); remove it")
        }
        let name = raw.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw RuleViolation("is required") }
        guard name.count <= maximumLength else {
            throw RuleViolation("has \(name.count) characters; at most \(maximumLength) are allowed")
        }
        let hasLetter = name.unicodeScalars.contains { isLetter($0) }
        if name.unicodeScalars.contains(where: isEmoji) {
            throw RuleViolation(
                hasLetter ? "must not contain emoji; use letters only" : "must be written in letters, not emoji"
            )
        }
        if let refused = name.first(where: { !isAllowed($0) }) {
            throw RuleViolation(
                "may contain only letters, spaces, hyphens, apostrophes and periods; remove \"\(refused)\""
            )
        }
        guard hasLetter else { throw RuleViolation("must contain at least one letter") }
        return name
    }

    private static func isAllowed(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            isLetter(scalar) || isMark(scalar) || punctuation.contains(scalar)
                // Zero-width non-joiner: part of spelling in Persian and some Indic scripts.
                || scalar == "\u{200C}"
        }
    }

    private static let punctuation: Set<Unicode.Scalar> = [" ", "-", "'", "\u{2019}", ".", "\u{2010}"]

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        // `isEmoji` is also true for digits, `#` and `*` (keycap bases); those are refused as non-letters.
        scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && !scalar.isASCII)
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        case .format: scalar != "\u{200C}"
        default: false
        }
    }
}

extension Unicode.Scalar {
    /// `U+0007`.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
