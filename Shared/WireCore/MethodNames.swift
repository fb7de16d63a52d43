/// The method names a server answers, to decode a CallStart's method without allocating: a
/// name found here is returned as the table's own `String` (shared storage, no copy), so
/// only unknown names, which are refused UNIMPLEMENTED anyway, are decoded into new strings.
/// Built once per server; read from every connection's event loop.
public final class MethodNames: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var bytes: [UInt8]
        var name: String
    }

    /// Open addressing with linear probing, at most half full.
    private let slots: [Entry?]
    private let mask: Int

    public init(_ names: some Sequence<String>) {
        let unique = Array(Set(names))
        var capacity = 8
        while capacity < unique.count * 2 { capacity *= 2 }
        var slots = [Entry?](repeating: nil, count: capacity)
        for name in unique {
            let bytes = Array(name.utf8)
            let hash = bytes.withUnsafeBytes { Self.hash($0) }
            var index = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[index] != nil { index = (index + 1) & (capacity - 1) }
            slots[index] = Entry(hash: hash, bytes: bytes, name: name)
        }
        self.slots = slots
        self.mask = capacity - 1
    }

    /// The name whose UTF-8 is exactly `bytes`, if it is one of the table's.
    public func name(matching bytes: UnsafeRawBufferPointer) -> String? {
        let hash = Self.hash(bytes)
        var index = Int(truncatingIfNeeded: hash) & mask
        while let entry = slots[index] {
            if entry.hash == hash, entry.bytes.count == bytes.count,
                entry.bytes.withUnsafeBytes({ $0.elementsEqual(bytes) })
            {
                return entry.name
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// FNV-1a, 64 bits.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
