import Crypto
import Foundation
import QuadContracts
import QuadWire
import Testing

/// The document store as the apps use it, through the gateway, with identity and jobs answering who may do what.
@Suite("Documents through the gateway: a profile picture (A8) and a laundry dispute's evidence (L13, F7, F8)")
struct DocumentsThroughGatewayTests {
    static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Uploads `bytes` as `person` through the gateway, in 256 KiB chunks.
    static func upload(
        _ bytes: [UInt8],
        _ metadata: Quad_Documents_V1_UploadMetadata,
        as person: Person,
        through system: LaundrySystem
    ) async throws -> Quad_Documents_V1_Document {
        try await system.documents.upload(options: person.options) { writer in
            try await writer.send(.with { $0.metadata = metadata })
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + 256 * 1_024, bytes.count)
                try await writer.send(.with { $0.chunk = Data(bytes[offset..<end]) })
                offset = end
            }
        }
    }

    static func download(_ id: String, as person: Person, through system: LaundrySystem) async throws -> (
        Quad_Documents_V1_Document, [UInt8]
    ) {
        try await system.documents.download(.with { $0.documentID = id }, options: person.options) { stream in
            var document = Quad_Documents_V1_Document()
            var bytes: [UInt8] = []
            for try await message in stream {
                switch message.part {
                case .document(let first): document = first
                case .chunk(let chunk): bytes += chunk
                case nil: break
                }
            }
            return (document, bytes)
        }
    }

    @Test(
        "a picture on Ada's profile is Ada's to add and everyone's to see; a dispute's 3 MiB evidence is its job's",
        .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)"),
        .timeLimit(.minutes(3))
    )
    func throughTheGateway() async throws {
        try await LaundrySystem.run { system in
            let ada = try await system.register("Ada")
            let ben = try await system.register("Ben")
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<40_000).map { UInt8($0 % 251) }
            let picture = Quad_Documents_V1_UploadMetadata.with {
                $0.ownerKind = .profile
                $0.ownerID = ada.userID
                $0.purpose = .profilePicture
                $0.fileName = "ada.png"
                $0.declaredType = .png
            }
            let kept = try await Self.upload(png, picture, as: ada, through: system)
            #expect(kept.sha256 == Self.hex(png))
            #expect(kept.type == .png)
            let (seen, bytes) = try await Self.download(kept.documentID, as: ben, through: system)
            #expect(seen.sha256 == kept.sha256)
            #expect(bytes == png)
            // identity learns of the picture from fleet-documents' outbox and shows it to everyone (A8).
            let shown = try await system.eventually("Ada's public profile shows her picture") {
                try await system.identity.getPublicProfile(.with { $0.userID = ada.userID }, options: ben.options)
            } until: {
                $0.pictureDocumentID == kept.documentID
            }
            #expect(shown.firstName == "Ada")
            let notBens = await #expect(throws: RPCError.self) {
                _ = try await Self.upload(png, picture, as: ben, through: system)
            }
            #expect(notBens?.code == .permissionDenied)
            let signedOut = await #expect(throws: RPCError.self) {
                _ = try await system.documents.download(.with { $0.documentID = kept.documentID }) { stream in
                    for try await _ in stream {}
                }
            }
            #expect(signedOut?.code == .unauthenticated)

            // A laundry job of Cora's: its evidence is hers and her dasher's to see, nobody else's.
            let cora = try await system.register("Cora")
            let dan = try await system.registerDasher("Dan")
            let card = try await system.addCard(cora)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: dan.options)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: cora.options(key: "documents-1")
            )
            let evidence =
                Array("%PDF-1.7\n".utf8) + (0..<(3 * 1_024 * 1_024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let claim = Quad_Documents_V1_UploadMetadata.with {
                $0.ownerKind = .job
                $0.ownerID = job.jobID
                $0.purpose = .disputeEvidence
                $0.fileName = "torn-shirt.pdf"
                $0.declaredType = .pdf
            }
            let filed = try await Self.upload(evidence, claim, as: cora, through: system)
            #expect(filed.sizeBytes == Int64(evidence.count))
            let (_, back) = try await Self.download(filed.documentID, as: cora, through: system)
            #expect(Self.hex(back) == filed.sha256)
            let stranger = await #expect(throws: RPCError.self) {
                _ = try await Self.download(filed.documentID, as: ben, through: system)
            }
            #expect(stranger?.code == .notFound)
            let listed = try await system.documents.listDocuments(
                .with {
                    $0.ownerKind = .job
                    $0.ownerID = job.jobID
                },
                options: cora.options
            )
            #expect(listed.documents.map(\.documentID) == [filed.documentID])
        }
    }
}
