import Crypto
import Foundation
import QuadContracts
import QuadTestSupport
import QuadWire
import Testing

@Suite("Documents: uploads and downloads streamed, kept only whole (F7)")
struct UploadTests {
    static let mebibyte = 1_024 * 1_024

    static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    @Test("an upload round-trips: the same bytes back, the SHA-256 first, the type from the bytes")
    func roundTrip() async throws {
        try await DocumentsHarness.run { h in
            let bytes = pdf(size: 700_000)
            let kept = try await h.upload(bytes, as: "cora", chunk: 100_000)
            #expect(kept.sha256 == Self.hex(bytes))
            #expect(kept.sizeBytes == 700_000)
            #expect(kept.type == .pdf)
            #expect(kept.mediaType == "application/pdf")
            #expect(kept.uploadedBy == "cora")
            #expect(kept.ownerKind == .job && kept.ownerID == "job-1")
            let (document, back) = try await h.download(kept.documentID, as: "dan")
            #expect(document == kept)
            #expect(back == bytes)
            #expect(try h.files() == (blobs: 1, temporary: 0))
        }
    }

    @Test("exactly 25 MiB is kept and comes back whole; 25 MiB + 1 is refused RESOURCE_EXHAUSTED, nothing kept")
    func theCap() async throws {
        try await DocumentsHarness.run { h in
            let full = pdf(size: 25 * Self.mebibyte)
            let kept = try await h.upload(full, as: "cora")
            #expect(kept.sizeBytes == Int64(25 * Self.mebibyte))
            let (_, back) = try await h.download(kept.documentID, as: "cora")
            #expect(Self.hex(back) == kept.sha256)
            let error = await #expect(throws: RPCError.self) {
                _ = try await h.upload(pdf(size: 25 * Self.mebibyte + 1, seed: 1), as: "cora")
            }
            #expect(error?.code == .resourceExhausted)
            #expect(error?.message.contains("25 MiB") == true)
            let rows1 = try await h.rowCount()
            #expect(rows1 == 1)
            #expect(try h.files() == (blobs: 1, temporary: 0))
        }
    }

    @Test("0 bytes, a PNG declared as a PDF, and an executable renamed .pdf are refused INVALID_ARGUMENT; nothing kept")
    func refusedBytes() async throws {
        try await DocumentsHarness.run { h in
            let empty = await #expect(throws: RPCError.self) { _ = try await h.upload([], as: "cora") }
            #expect(empty?.code == .invalidArgument)
            #expect(empty?.message.contains("empty") == true)

            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 5_000)
            let mismatch = await #expect(throws: RPCError.self) { _ = try await h.upload(png, as: "cora") }
            #expect(mismatch?.code == .invalidArgument)
            #expect(mismatch?.message.contains("declared PDF but its bytes are PNG") == true)

            let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 5_000)
            let executable = await #expect(throws: RPCError.self) {
                _ = try await h.upload(elf, as: "cora", metadata: DocumentsHarness.metadata(name: "invoice.pdf"))
            }
            #expect(executable?.code == .invalidArgument)
            #expect(executable?.message.contains("not a PDF, JPEG, PNG or HEIC") == true)

            let rows2 = try await h.rowCount()

            #expect(rows2 == 0)
            #expect(try h.files() == (blobs: 0, temporary: 0))
        }
    }

    @Test("the same bytes uploaded twice are two documents and one blob; the blob goes with the last of them")
    func sameBytesTwice() async throws {
        try await DocumentsHarness.run { h in
            let bytes = pdf(size: 50_000)
            let first = try await h.upload(bytes, as: "cora")
            let second = try await h.upload(bytes, as: "dan", metadata: DocumentsHarness.metadata(name: "again.pdf"))
            #expect(first.documentID != second.documentID)
            #expect(first.sha256 == second.sha256)
            let rows3 = try await h.rowCount()
            #expect(rows3 == 2)
            #expect(try h.files() == (blobs: 1, temporary: 0))
            try await h.as("cora") { _ = try await $0.deleteDocument(.with { $0.documentID = first.documentID }) }
            #expect(try h.files() == (blobs: 1, temporary: 0))
            let (_, back) = try await h.download(second.documentID, as: "dan")
            #expect(back == bytes)
            try await h.as("dan") { _ = try await $0.deleteDocument(.with { $0.documentID = second.documentID }) }
            #expect(try h.files() == (blobs: 0, temporary: 0))
            let rows4 = try await h.rowCount()
            #expect(rows4 == 0)
        }
    }

    @Test("the stream's order: chunks before the metadata, or the metadata twice, are FAILED_PRECONDITION")
    func order() async throws {
        try await DocumentsHarness.run { h in
            let chunkFirst = await #expect(throws: RPCError.self) {
                try await h.as("cora") { documents in
                    _ = try await documents.upload { try await $0.send(.with { $0.chunk = Data(pdf(size: 100)) }) }
                }
            }
            #expect(chunkFirst?.code == .failedPrecondition)
            #expect(chunkFirst?.message.contains("first message is its metadata") == true)
            let twice = await #expect(throws: RPCError.self) {
                try await h.as("cora") { documents in
                    _ = try await documents.upload { writer in
                        try await writer.send(.with { $0.metadata = DocumentsHarness.metadata() })
                        try await writer.send(.with { $0.chunk = Data(pdf(size: 100)) })
                        try await writer.send(.with { $0.metadata = DocumentsHarness.metadata() })
                    }
                }
            }
            #expect(twice?.code == .failedPrecondition)
            let none = await #expect(throws: RPCError.self) {
                try await h.as("cora") { documents in _ = try await documents.upload { _ in } }
            }
            #expect(none?.code == .invalidArgument)
            let rows5 = try await h.rowCount()
            #expect(rows5 == 0)
            #expect(try h.files() == (blobs: 0, temporary: 0))
        }
    }

    @Test(
        "metadata is checked before any byte, naming the field",
        arguments: [
            (DocumentsHarness.metadata(.unspecified), "owner_kind"),
            (DocumentsHarness.metadata(.job, ""), "owner_id"),
            (DocumentsHarness.metadata(purpose: .unspecified), "purpose"),
            (DocumentsHarness.metadata(type: .unspecified), "declared_type"),
            (DocumentsHarness.metadata(name: ""), "file_name"),
            (DocumentsHarness.metadata(name: "../../etc/passwd"), "file_name"),
            (DocumentsHarness.metadata(purpose: .profilePicture), "purpose"),
            (DocumentsHarness.metadata(.profile, "ada", purpose: .profilePicture, type: .pdf), "declared_type"),
        ]
    )
    func badMetadata(metadata: Quad_Documents_V1_UploadMetadata, field: String) async throws {
        try await DocumentsHarness.run { h in
            let error = await #expect(throws: RPCError.self) {
                _ = try await h.upload(pdf(size: 100), as: "ada", metadata: metadata)
            }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.hasPrefix(field + ":") == true, "\(error?.message ?? "")")
        }
    }

    @Test("a client that stops mid-stream leaves nothing; the next upload works", .timeLimit(.minutes(1)))
    func stopsMidStream() async throws {
        try await DocumentsHarness.run { h in
            struct Stopped: Error {}
            await #expect(throws: (any Error).self) {
                try await h.as("cora") { documents in
                    _ = try await documents.upload { writer in
                        try await writer.send(.with { $0.metadata = DocumentsHarness.metadata() })
                        try await writer.send(.with { $0.chunk = Data(pdf(size: 200_000)) })
                        throw Stopped()
                    }
                }
            }
            let rows6 = try await h.rowCount()
            #expect(rows6 == 0)
            // The server learns of the cancellation and removes the temporary file as the handler ends.
            try await Wait.until("the temporary file removed") { try h.files().temporary == 0 }
            #expect(try h.files() == (blobs: 0, temporary: 0))
            _ = try await h.upload(pdf(size: 1_000), as: "cora")
            let rows7 = try await h.rowCount()
            #expect(rows7 == 1)
        }
    }

    @Test("a download cancelled halfway ends cleanly; the document downloads whole again")
    func downloadCancelled() async throws {
        try await DocumentsHarness.run(
            configuration: .init(downloadChunk: 16 * 1_024)
        ) { h in
            let bytes = pdf(size: 400_000)
            let kept = try await h.upload(bytes, as: "cora")
            struct Enough: Error {}
            await #expect(throws: Enough.self) {
                try await h.as("cora") { documents in
                    try await documents.download(.with { $0.documentID = kept.documentID }) { stream in
                        var received = 0
                        for try await message in stream {
                            if case .chunk(let chunk) = message.part { received += chunk.count }
                            if received >= 100_000 { throw Enough() }
                        }
                    }
                }
            }
            let (_, back) = try await h.download(kept.documentID, as: "cora")
            #expect(back == bytes)
        }
    }
}
