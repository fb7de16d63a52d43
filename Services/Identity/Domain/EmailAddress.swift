internal import Foundation

/// A syntactically valid email address, lowercased (A1 stores emails lowercase).
public struct EmailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The whole address, e.g. `ada@northfield.edu`.
    public var address: String { "\(localPart)@\(domain)" }
    /// The part before `@`.
    public var localPart: String
    /// The part after `@`.
    public var domain: String

    /// `ada@northfield.edu`.
    public var description: String { address }

    /// Parses an address (surrounding whitespace ignored), or `nil` if it is not one; the ``RegistrationValidator``
    /// says why.
    public init?(_ raw: String) {
        guard let parsed = try? EmailRule.check(raw) else { return nil }
        self = parsed
    }

    init(localPart: String, domain: String) {
        self.localPart = localPart
        self.domain = domain
    }
}

/// Email syntax: a practical subset of RFC 5321 (dot-atom local part, ASCII host name), lowercased.
enum EmailRule {
    static let maximumLength = 254

    static func check(_ raw: String) throws(RuleViolation) -> EmailAddress {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !email.isEmpty else { throw RuleViolation("is required") }
        guard email.utf8.count <= maximumLength else {
            throw RuleViolation("is longer than \(maximumLength) characters")
        }
        let example = "must look like name@campus.edu"
        guard email.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.generalCategory != .control }) else {
            throw RuleViolation("\(example), in ASCII letters, digits and . _ + -")
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw RuleViolation(example) }
        let (local, domain) = (parts[0], parts[1])
        guard local.utf8.count <= 64, isDotAtom(local, allowed: localCharacters) else {
            throw RuleViolation("\(example); the part before @ is not a valid mailbox name")
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(isHostLabel), labels.last!.contains(where: \.isLetter) else {
            throw RuleViolation("\(example); \"\(domain)\" is not a valid domain")
        }
        return EmailAddress(localPart: String(local), domain: String(domain))
    }

    private static let localCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+/=?^_`{|}~-")

    private static func isDotAtom(_ text: Substring, allowed: Set<Character>) -> Bool {
        let atoms = text.split(separator: ".", omittingEmptySubsequences: false)
        return atoms.allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed.contains) }
    }

    private static func isHostLabel(_ label: Substring) -> Bool {
        (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
            && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}
