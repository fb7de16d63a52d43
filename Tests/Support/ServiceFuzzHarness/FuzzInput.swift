/// Reads one fuzzer input: bytes from the front (the method, the caller), the rest as one request or as several
/// stream messages.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    /// The next byte; 0 past the end.
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// What is left, as one message.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }

    /// What is left as stream messages, each a length byte then that many bytes (fewer at the end); at most `limit`.
    mutating func messages(limit: Int = 8) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        while !bytes.isEmpty, messages.count < limit {
            let length = Int(byte())
            let message = bytes.prefix(length)
            bytes = bytes.dropFirst(length)
            messages.append(Array(message))
        }
        return messages
    }
}
