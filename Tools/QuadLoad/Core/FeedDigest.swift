/// A short fingerprint of an event's payload (64-bit FNV-1a, 16 hex digits): the call log keeps it instead of the
/// payload, and `quad-load check` computes it of each row of a service's `quad_event_log` to match the two.
public enum FeedDigest {
    /// The fingerprint of `bytes`.
    public static func of<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
