/// Phone numbers (A1): optional, in E.164 form.
enum PhoneRule {
    /// `nil` for no phone (empty), the number itself when valid, or why it is refused.
    static func check(_ raw: String?) throws(RuleViolation) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        let digits = raw.utf8.dropFirst()
        // E.164: "+", a country code not starting with 0, at most 15 digits in all; 7 is the shortest in use.
        guard raw.utf8.first == UInt8(ascii: "+"), (7...15).contains(digits.count),
            digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw RuleViolation("must be in E.164 form: + and 7 to 15 digits, e.g. +14155550100")
        }
        return raw
    }
}
