/// Ids the fuzzer cannot know in advance (identity makes them at registration), written in an input as 32-byte
/// placeholders, the length of an id (``QuadServiceKit/EntityID``), so a request keeps its framing when the harness
/// swaps each for the id it stands for.
struct FuzzPlaceholder: Sendable {
    /// `%fuzz:NAME%` padded with `%` to 32 bytes.
    let token: [UInt8]
    let id: [UInt8]

    static let length = 32

    init(_ name: String, id: String) {
        let token = Array("%fuzz:\(name)%".utf8)
        self.token = token + [UInt8](repeating: UInt8(ascii: "%"), count: max(0, Self.length - token.count))
        self.id = Array(id.utf8)
    }

    /// The placeholder alone, for seeds written before the ids exist.
    static func token(_ name: String) -> [UInt8] { FuzzPlaceholder(name, id: "").token }

    /// `bytes` with every placeholder among `placeholders` swapped for its id (ids of another length are swapped too,
    /// which breaks the framing around them, as any other mutation may).
    static func substitute(_ placeholders: [FuzzPlaceholder], in bytes: [UInt8]) -> [UInt8] {
        let marker = UInt8(ascii: "%")
        guard bytes.count >= length, bytes.contains(marker) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        scan: while index < bytes.count {
            if bytes[index] == marker, index + length <= bytes.count {
                for placeholder in placeholders where bytes[index..<index + length].elementsEqual(placeholder.token) {
                    out += placeholder.id
                    index += length
                    continue scan
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }
}
