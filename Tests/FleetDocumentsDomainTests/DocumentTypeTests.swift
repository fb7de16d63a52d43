import FleetDocumentsDomain
import Testing

@Suite("Document types told from the first bytes (F7)")
struct DocumentTypeTests {
    static let pdf = Array("%PDF-1.7\n".utf8)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
    static let heic: [UInt8] = [0x00, 0x00, 0x00, 0x18] + Array("ftypheic".utf8)
    static let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00]

    @Test(
        "each kept type is recognised from its signature",
        arguments: [(pdf, DocumentType.pdf), (jpeg, .jpeg), (png, .png), (heic, .heic)]
    )
    func recognised(bytes: [UInt8], type: DocumentType) {
        #expect(DocumentType.detect(bytes) == .type(type))
    }

    @Test("HEIF's other major brands are HEIC; an MP4's ftyp is not")
    func heifBrands() {
        for brand in ["heix", "hevc", "mif1", "msf1"] {
            #expect(DocumentType.detect([0, 0, 0, 0x18] + Array("ftyp\(brand)".utf8)) == .type(.heic))
        }
        #expect(DocumentType.detect([0, 0, 0, 0x18] + Array("ftypisom".utf8)) == .unknown)
        #expect(DocumentType.detect([0, 0, 0, 0x18] + Array("ftypmp42".utf8)) == .unknown)
    }

    @Test("an executable, a GIF and text are none of them")
    func unknown() {
        #expect(DocumentType.detect(Self.elf) == .unknown)
        #expect(DocumentType.detect(Array("GIF89a......".utf8)) == .unknown)
        #expect(DocumentType.detect(Array("hello, world".utf8)) == .unknown)
    }

    @Test("a prefix of a signature asks for more bytes (fewer than 8 may still be HEIF's box); one byte off is unknown")
    func prefixes() {
        #expect(DocumentType.detect(Array("%PD".utf8)) == .needMore)
        #expect(DocumentType.detect([0xFF, 0xD8]) == .needMore)
        #expect(DocumentType.detect([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68]) == .needMore)
        #expect(DocumentType.detect([UInt8]()) == .needMore)
        #expect(DocumentType.detect(Array("%PDX".utf8)) == .needMore)
        #expect(DocumentType.detect(Array("%PDX1234".utf8)) == .unknown)
        #expect(DocumentType.detect([0xFF, 0xD9, 0x00, 0x00] + Array("free".utf8)) == .unknown)
    }

    @Test("random first bytes are taken for a type only when they carry its signature")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<12).map { _ in UInt8.random(in: 0...255, using: &generator) }
            switch DocumentType.detect(bytes) {
            case .type(.pdf): #expect(bytes.starts(with: Self.pdf.prefix(5)))
            case .type(.jpeg): #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
            case .type(.png): #expect(bytes.starts(with: Self.png.prefix(8)))
            case .type(.heic): #expect(bytes[4..<8].elementsEqual(Array("ftyp".utf8)))
            case .needMore: Issue.record("twelve bytes always decide: \(bytes)")
            case .unknown: break
            }
        }
    }
}
