public import Foundation

/// Opaque ids for rows that leave the service (DESIGN.md: sortable, unguessable): the
/// UUIDv7 layout, 48 bits of Unix milliseconds then 74 random bits, as lower-case hex.
///
/// Two 64-bit draws written as hex (``RandomHex/word(_:)``): the gateway makes one for every
/// call's `x-request-id`, and sixteen `String(format:)`s and sixteen draws from the system's
/// generator were 7% of its CPU under overload (docs/performance.md).
public enum EntityID {
    public static func generate(now: Date = Date()) -> String {
        var generator = SystemRandomNumberGenerator()
        let millis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        // High: 48 bits of milliseconds, the version (7), 12 random bits. Low: the variant (10), 62 random bits.
        let high = (millis << 16) | 0x7000 | (generator.next() & 0x0FFF)
        let low = (generator.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return RandomHex.word(high) + RandomHex.word(low)
    }
}
