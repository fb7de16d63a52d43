/// Password policy (A1), after NIST SP 800-63B: length matters, composition rules do not.
struct PasswordRule {
    static let allowedLength = 10...128

    /// The email the password goes with, if it is valid.
    var email: EmailAddress?

    /// The password unchanged, or why it is refused: a wrong length or the email's mailbox name in it.
    func check(_ password: String) throws(RuleViolation) -> String {
        let allowedLength = Self.allowedLength
        guard !password.isEmpty else { throw RuleViolation("is required") }
        guard allowedLength.contains(password.count) else {
            throw RuleViolation(
                "has \(password.count) characters; use \(allowedLength.lowerBound) to \(allowedLength.upperBound)"
            )
        }
        guard let email else { return password }
        let lowered = password.lowercased()
        // `ada+laundry@...`: both `ada+laundry` and `ada` count. Names under 3 characters ("k@x.edu") are
        // skipped, as refusing every password with a "k" in it would protect nothing.
        let base = email.localPart.split(separator: "+").first.map(String.init) ?? email.localPart
        for name in [email.localPart, base] where name.count >= 3 && lowered.contains(name) {
            throw RuleViolation("must not contain your email's name (\"\(name)\"); choose one unrelated to it")
        }
        return password
    }
}
