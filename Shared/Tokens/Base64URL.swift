internal import Foundation

/// Base64url without padding (RFC 7515 section 2), strict on input.
enum Base64URL {
    /// Encodes bytes as unpadded base64url.
    static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes unpadded base64url; `nil` for padding, the standard alphabet, or any other character.
    static func decode(_ text: Substring) -> Data? {
        // JWS forbids padding and the standard alphabet; refusing them keeps one token one spelling.
        let allowed = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
        guard allowed, text.utf8.count % 4 != 1 else { return nil }
        // Byte by byte: this runs for every token the gateway verifies.
        var standard = text.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        standard += repeatElement(UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: Data(standard))
    }
}
