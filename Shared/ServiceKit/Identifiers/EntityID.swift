public import Foundation

/// Opaque ids for rows that leave the service (DESIGN.md: sortable, unguessable): the
/// UUIDv7 layout, 48 bits of Unix milliseconds then 74 random bits, as lower-case hex.
public enum EntityID {
    public static func generate(now: Date = Date()) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in 0..<16 { bytes[index] = generator.next() }
        let millis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (8 * (5 - index))) }
        bytes[6] = (bytes[6] & 0x0f) | 0x70
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return bytes.map { String(format: "%02x", $0) }.joined()
    }
}
