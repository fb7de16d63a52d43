import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Documents: account.deleted takes the person's profile pictures, bytes and all (A3, A8)")
struct AccountDeletionTests {
    static func deleted(_ user: String) throws -> Quad_Types_V1_OutboxDelivery {
        try .with {
            $0.source = "identity"
            $0.topic = Quad_Identity_V1_AccountDeleted.topic
            $0.key = "account.deleted:\(user)"
            $0.payload = try Quad_Identity_V1_AccountDeleted.with { $0.userID = user }.serializedData()
        }
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 4, count: 3_000)

    @Test("the profile's documents and their blobs go; the person's uploads to a job stay; a repeat applies once")
    func forgets() async throws {
        try await DocumentsHarness.run { h in
            let picture = DocumentsHarness.metadata(
                .profile,
                "ada",
                purpose: .profilePicture,
                name: "a.png",
                type: .png
            )
            let first = try await h.upload(Self.png, as: "ada", metadata: picture)
            let second = try await h.upload(Self.png + [1], as: "ada", metadata: picture)
            let evidence = try await h.upload(
                pdf(size: 2_000),
                as: "ada",
                metadata: DocumentsHarness.metadata(.job, "job-2")
            )
            #expect(try h.files().blobs == 3)
            let identity = try h.server.transport(as: .service("identity"))
            defer { identity.close() }
            let documents = Quad_Documents_V1_Documents.Client(transport: identity)
            #expect(try await documents.deliver(try Self.deleted("ada")).applied)
            #expect(try await !documents.deliver(try Self.deleted("ada")).applied)
            let left = try await documents.getDocuments(
                .with { $0.documentIds = [first.documentID, second.documentID, evidence.documentID] }
            )
            #expect(left.documents.map(\.documentID) == [evidence.documentID])
            #expect(try h.files() == (blobs: 1, temporary: 0))
            let blank = await #expect(throws: RPCError.self) { _ = try await documents.deliver(try Self.deleted("")) }
            #expect(blank?.code == .invalidArgument)
        }
    }

    @Test("a blob the person's picture shared with someone's job document stays")
    func sharedBlob() async throws {
        try await DocumentsHarness.run { h in
            let picture = DocumentsHarness.metadata(
                .profile,
                "ada",
                purpose: .profilePicture,
                name: "a.png",
                type: .png
            )
            _ = try await h.upload(Self.png, as: "ada", metadata: picture)
            let receipt = DocumentsHarness.metadata(.job, "job-1", purpose: .receipt, name: "r.png", type: .png)
            let kept = try await h.upload(Self.png, as: "cora", metadata: receipt)
            let identity = try h.server.transport(as: .service("identity"))
            defer { identity.close() }
            _ = try await Quad_Documents_V1_Documents.Client(transport: identity).deliver(try Self.deleted("ada"))
            let (_, bytes) = try await h.download(kept.documentID, as: "cora")
            #expect(bytes == Self.png)
            #expect(try h.files() == (blobs: 1, temporary: 0))
        }
    }
}
