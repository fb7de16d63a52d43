public import Crypto

extension SHA256Digest {
    /// The digest in lowercase hex, 64 characters: a blob's address and a document's `sha256`.
    public var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in self {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
