internal import Foundation

/// Room numbers (A1): 1...20 characters of letters, digits, hyphens and spaces.
enum RoomRule {
    static let maximumLength = 20

    /// The room trimmed of surrounding spaces, or why it is refused.
    static func check(_ raw: String) throws(RuleViolation) -> String {
        let room = raw.trimmingCharacters(in: .whitespaces)
        guard !room.isEmpty else { throw RuleViolation("is required") }
        guard room.count <= maximumLength else {
            throw RuleViolation("has \(room.count) characters; at most \(maximumLength) are allowed")
        }
        let allowed = room.allSatisfy { $0.isLetter || ("0"..."9").contains($0) || $0 == "-" || $0 == " " }
        guard allowed else {
            throw RuleViolation("may contain only letters, digits, hyphens and spaces, e.g. \"B-214\"")
        }
        return room
    }
}
