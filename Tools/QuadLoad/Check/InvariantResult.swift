/// What one invariant found: how many items it checked and each violation, named by the ids involved.
public struct InvariantResult: Codable, Sendable, Hashable {
    /// The invariant's name, e.g. `books-balance`.
    public var name: String
    /// How many items it checked (writes, payments, completed jobs, postings, rows, feed events).
    public var checked: Int
    /// Every violation found, in words naming the ids.
    public var violations: [String]
    /// What it could not check, and why (e.g. no sandbox journal): not a violation.
    public var notes: [String]

    /// A result of `name`.
    public init(name: String, checked: Int = 0, violations: [String] = [], notes: [String] = []) {
        self.name = name
        self.checked = checked
        self.violations = violations
        self.notes = notes
    }

    /// True when nothing was violated.
    public var passed: Bool { violations.isEmpty }

    /// One line: the verdict, the name, the items checked, the violations and the first few of them.
    public func line(showing first: Int = 3) -> String {
        var line = "\(passed ? "PASS" : "FAIL") \(name): \(checked) checked, \(violations.count) violated"
        if !violations.isEmpty {
            line += ": " + violations.prefix(first).joined(separator: "; ")
            if violations.count > first { line += "; …" }
        }
        if !notes.isEmpty { line += " (" + notes.joined(separator: "; ") + ")" }
        return line
    }
}
