/// A short random id that names one request in logs (`x-request-id`).
///
/// 12 characters of lowercase Crockford base32 (60 random bits): short enough to read out loud, and
/// collisions are negligible for correlating log lines.
public struct RequestID: Sendable, Hashable, CustomStringConvertible {
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    /// The id as sent in `x-request-id` and logged.
    public let rawValue: String

    /// Wraps an id received from a caller.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Makes a new random id.
    public static func generate() -> RequestID {
        var generator = SystemRandomNumberGenerator()
        var bits = generator.next() as UInt64
        var characters: [Character] = []
        characters.reserveCapacity(12)
        for _ in 0..<12 {
            characters.append(Self.alphabet[Int(bits & 0x1f)])
            bits >>= 5
        }
        return RequestID(rawValue: String(characters))
    }

    /// The raw value.
    public var description: String {
        self.rawValue
    }
}
