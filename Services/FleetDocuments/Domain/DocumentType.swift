/// The file types the document store keeps (F7), each told from its first bytes, never from a name or a declared
/// type alone.
public enum DocumentType: String, Sendable, Hashable, CaseIterable {
    case pdf
    case jpeg
    case png
    case heic

    /// How the type is named to people.
    public var displayName: String {
        switch self {
        case .pdf: "PDF"
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .heic: "HEIC"
        }
    }

    /// The media type a download declares.
    public var mediaType: String {
        switch self {
        case .pdf: "application/pdf"
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        }
    }

    /// Whether it is a picture (a profile picture must be one).
    public var isImage: Bool { self != .pdf }

    /// What the first bytes of a file say about its type.
    public enum Detection: Sendable, Hashable {
        /// The bytes begin as this type's files do.
        case type(DocumentType)
        /// Too few bytes yet to tell: read more (or, at the end of the file, it is none of them).
        case needMore
        /// The bytes are none of the types kept (an executable, a text file, a GIF).
        case unknown
    }

    /// The most bytes ``detect(_:)`` looks at: an ISO base media file's `ftyp` box and major brand.
    public static let signatureLength = 12

    /// Tells the type from a file's first bytes (at least ``signatureLength`` of them when the file has that many):
    /// `%PDF-`, JPEG's start-of-image marker `FF D8 FF`, PNG's eight-byte signature, or an ISO base media `ftyp`
    /// box whose major brand is one of HEIF's (`heic`, `heix`, `hevc`, `hevx`, `heim`, `heis`, `mif1`, `msf1`).
    public static func detect(_ prefix: some Collection<UInt8>) -> Detection {
        let bytes = Array(prefix.prefix(signatureLength))
        var undecided = false
        for (type, matches) in signatures {
            switch matches(bytes) {
            case .some(true): return .type(type)
            case .none: undecided = true
            case .some(false): break
            }
        }
        return undecided ? .needMore : .unknown
    }

    /// Each type's test on the first bytes: true, false, or nil when more bytes are needed to say.
    private static let signatures: [(DocumentType, @Sendable ([UInt8]) -> Bool?)] = [
        (.pdf, { starts($0, with: Array("%PDF-".utf8)) }),
        (.jpeg, { starts($0, with: [0xFF, 0xD8, 0xFF]) }),
        (.png, { starts($0, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }),
        (.heic, heif),
    ]

    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]

    /// An ISO base media file: a box size (4 bytes), `ftyp`, then the major brand.
    private static func heif(_ bytes: [UInt8]) -> Bool? {
        // Fewer than 8 bytes: the box type is still to come.
        guard let isBox = starts(Array(bytes.dropFirst(4)), with: Array("ftyp".utf8)) else { return nil }
        guard isBox else { return false }
        guard bytes.count >= 12 else { return nil }
        return heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
    }

    /// Whether `bytes` begins with `signature`; nil while `bytes` is a shorter prefix of it.
    private static func starts(_ bytes: [UInt8], with signature: [UInt8]) -> Bool? {
        let common = min(bytes.count, signature.count)
        guard bytes.prefix(common).elementsEqual(signature.prefix(common)) else { return false }
        return common == signature.count ? true : nil
    }
}
