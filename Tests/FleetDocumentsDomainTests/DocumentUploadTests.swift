import Crypto
import FleetDocumentsDomain
import Foundation
import Testing

@Suite("An upload as its chunks arrive (F7, A8)")
struct DocumentUploadTests {
    static let mebibyte = 1_024 * 1_024
    static let load = DocumentOwner(kind: .load, id: "load-1")

    static func metadata(
        _ type: DocumentType = .pdf,
        purpose: DocumentPurpose = .proofOfDelivery,
        owner: DocumentOwner = load,
        name: String = "pod.pdf"
    ) -> UploadMetadata {
        UploadMetadata(owner: owner, purpose: purpose, fileName: name, declaredType: type)
    }

    /// `size` bytes of a file of `type`: its signature, then a repeating pattern.
    static func file(_ type: DocumentType, size: Int) -> [UInt8] {
        let signature: [UInt8] =
            switch type {
            case .pdf: DocumentTypeTests.pdf
            case .jpeg: DocumentTypeTests.jpeg
            case .png: DocumentTypeTests.png
            case .heic: DocumentTypeTests.heic
            }
        var bytes = Array(signature.prefix(size))
        bytes.reserveCapacity(size)
        while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: bytes.count &* 31)) }
        return bytes
    }

    /// Sends `bytes` in chunks of `chunk` bytes.
    static func send(_ bytes: [UInt8], chunk: Int, to upload: inout DocumentUpload) throws(DocumentsError) {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            try upload.append(bytes[offset..<end])
            offset = end
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    @Test("exactly 25 MiB in 256 KiB chunks is kept, with its size, type and SHA-256")
    func exactlyAtTheCap() throws {
        let bytes = Self.file(.pdf, size: 25 * Self.mebibyte)
        var upload = try DocumentUpload(Self.metadata())
        try Self.send(bytes, chunk: 256 * 1_024, to: &upload)
        let document = try upload.finish()
        #expect(document.size == 25 * Self.mebibyte)
        #expect(document.type == .pdf)
        #expect(document.sha256 == Self.hex(bytes))
        #expect(document.sha256.count == 64)
    }

    @Test("25 MiB + 1 is refused RESOURCE_EXHAUSTED at the chunk that passes the cap, not at the end")
    func onePastTheCap() throws {
        var upload = try DocumentUpload(Self.metadata())
        try Self.send(Self.file(.pdf, size: 25 * Self.mebibyte), chunk: 256 * 1_024, to: &upload)
        let error = #expect(throws: DocumentsError.self) { try upload.append([0x00]) }
        #expect(error?.code == .resourceExhausted)
        #expect(error?.message.contains("25 MiB") == true)
        #expect(upload.size == 25 * Self.mebibyte)
    }

    @Test("0 bytes is refused: an empty file is no document")
    func empty() throws {
        var upload = try DocumentUpload(Self.metadata())
        let error = #expect(throws: DocumentsError.self) { _ = try upload.finish() }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("empty") == true)
    }

    @Test("a PNG declared as a PDF is refused at its first chunk, naming declared_type and both types")
    func mismatch() throws {
        var upload = try DocumentUpload(Self.metadata(.pdf))
        let error = #expect(throws: DocumentsError.self) { try upload.append(Self.file(.png, size: 4_096)) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.field == "declared_type")
        #expect(error?.message.contains("declared PDF but its bytes are PNG") == true)
    }

    @Test("an executable renamed .pdf is refused: the type comes from the bytes, not the name")
    func executableRenamed() throws {
        var upload = try DocumentUpload(Self.metadata(.pdf, name: "invoice.pdf"))
        let elf = DocumentTypeTests.elf + [UInt8](repeating: 0, count: 1_000)
        let error = #expect(throws: DocumentsError.self) { try upload.append(elf) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("not a PDF, JPEG, PNG or HEIC") == true)
    }

    @Test("the signature is read across chunks of one byte; a file shorter than any signature is refused at the end")
    func tinyChunks() throws {
        let bytes = Self.file(.heic, size: 40)
        var upload = try DocumentUpload(Self.metadata(.heic))
        try Self.send(bytes, chunk: 1, to: &upload)
        #expect(try upload.finish().type == .heic)

        var short = try DocumentUpload(Self.metadata(.pdf))
        try short.append(Array("%PD".utf8))
        #expect(short.detectedType == nil)
        let error = #expect(throws: DocumentsError.self) { _ = try short.finish() }
        #expect(error?.code == .invalidArgument)
    }

    @Test("a chunk above 256 KiB and an empty chunk are refused, naming chunk")
    func chunkBounds() throws {
        var upload = try DocumentUpload(Self.metadata())
        let big = #expect(throws: DocumentsError.self) {
            try upload.append(Self.file(.pdf, size: 256 * 1_024 + 1))
        }
        #expect(big?.field == "chunk")
        #expect(big?.message.contains("at most 262144") == true)
        let empty = #expect(throws: DocumentsError.self) { try upload.append([UInt8]()) }
        #expect(empty?.field == "chunk")
        #expect(upload.size == 0)
    }

    @Test("a profile picture must be an image (A8): a PDF is refused before any byte")
    func profilePicture() throws {
        let owner = DocumentOwner(kind: .profile, id: "user-1")
        let error = #expect(throws: DocumentsError.self) {
            _ = try DocumentUpload(Self.metadata(.pdf, purpose: .profilePicture, owner: owner, name: "me.pdf"))
        }
        #expect(error?.field == "declared_type")
        #expect(error?.message.contains("JPEG, PNG or HEIC") == true)
        var upload = try DocumentUpload(Self.metadata(.jpeg, purpose: .profilePicture, owner: owner, name: "me.jpg"))
        try upload.append(Self.file(.jpeg, size: 2_000))
        #expect(try upload.finish().type == .jpeg)
    }

    @Test(
        "metadata is checked first, naming the field",
        arguments: [
            (metadata(name: ""), "file_name"),
            (metadata(name: "   "), "file_name"),
            (metadata(name: "../etc/passwd"), "file_name"),
            (metadata(name: "a\u{0}b.pdf"), "file_name"),
            (metadata(name: String(repeating: "x", count: 256)), "file_name"),
            (metadata(owner: DocumentOwner(kind: .load, id: "")), "owner_id"),
            (metadata(purpose: .profilePicture), "purpose"),
            (metadata(purpose: .chorePhoto), "purpose"),
        ]
    )
    func badMetadata(metadata: UploadMetadata, field: String) {
        let error = #expect(throws: DocumentsError.self) { _ = try DocumentUpload(metadata) }
        #expect(error?.field == field)
        #expect(error?.code == .invalidArgument)
    }

    @Test("a receipt may belong to a load or to an errand's job; evidence only to a job")
    func purposes() throws {
        _ = try DocumentUpload(Self.metadata(purpose: .receipt, owner: DocumentOwner(kind: .job, id: "job-1")))
        _ = try DocumentUpload(Self.metadata(purpose: .receipt))
        _ = try DocumentUpload(Self.metadata(purpose: .disputeEvidence, owner: DocumentOwner(kind: .job, id: "j")))
        #expect(throws: DocumentsError.self) { _ = try DocumentUpload(Self.metadata(purpose: .disputeEvidence)) }
    }
}
