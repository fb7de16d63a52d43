/// A person's gender as they state it. Customers may turn down a dasher for it (L6).
public enum Gender: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not given. Only valid as input, where validation refuses it; no account has it.
    case unspecified
    /// Female.
    case female
    /// Male.
    case male
    /// Non-binary.
    case nonBinary = "non_binary"
    /// Chose not to say; a valid answer.
    case preferNotToSay = "prefer_not_to_say"
}
