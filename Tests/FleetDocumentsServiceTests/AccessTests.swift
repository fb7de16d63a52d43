import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Documents: who may see, add and delete, as the owner's context says (F7, F8, A8)")
struct AccessTests {
    @Test("a stranger to a job can neither list, add to nor download its documents: NOT_FOUND, as for no such job")
    func stranger() async throws {
        try await DocumentsHarness.run { h in
            let kept = try await h.upload(pdf(size: 2_000), as: "cora")
            let list = await #expect(throws: RPCError.self) {
                try await h.as("eve") { documents in
                    _ = try await documents.listDocuments(
                        .with {
                            $0.ownerKind = .job
                            $0.ownerID = "job-1"
                        }
                    )
                }
            }
            #expect(list?.code == .notFound)
            let unknownJob = await #expect(throws: RPCError.self) {
                try await h.as("eve") { documents in
                    _ = try await documents.listDocuments(
                        .with {
                            $0.ownerKind = .job
                            $0.ownerID = "job-7"
                        }
                    )
                }
            }
            #expect(unknownJob?.message == list?.message.replacingOccurrences(of: "job-1", with: "job-7"))
            let download = await #expect(throws: RPCError.self) { _ = try await h.download(kept.documentID, as: "eve") }
            #expect(download?.code == .notFound)
            let missing = await #expect(throws: RPCError.self) { _ = try await h.download("doc-nope", as: "cora") }
            #expect(missing?.code == .notFound)
            #expect(missing?.message == download?.message.replacingOccurrences(of: kept.documentID, with: "doc-nope"))
            let upload = await #expect(throws: RPCError.self) { _ = try await h.upload(pdf(size: 100), as: "eve") }
            #expect(upload?.code == .notFound)
        }
    }

    @Test("an owner the context does not have is NOT_FOUND (a load, answered here); one not served says so")
    func unknownOwners() async throws {
        try await DocumentsHarness.run { h in
            let job = await #expect(throws: RPCError.self) {
                _ = try await h.upload(pdf(size: 100), as: "cora", metadata: DocumentsHarness.metadata(.job, "job-9"))
            }
            #expect(job?.code == .notFound)
            #expect(job?.message.contains("job-9") == true)
            let load = await #expect(throws: RPCError.self) {
                _ = try await h.upload(
                    pdf(size: 100),
                    as: "cora",
                    metadata: DocumentsHarness.metadata(.load, "load-1", purpose: .proofOfDelivery)
                )
            }
            #expect(load?.code == .notFound)
            #expect(load?.message == "owner_id: no load load-1 whose documents you may see")
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 9, count: 200)
            let chore = await #expect(throws: RPCError.self) {
                _ = try await h.upload(
                    png,
                    as: "cora",
                    metadata: DocumentsHarness.metadata(
                        .chore,
                        "chore-1",
                        purpose: .chorePhoto,
                        name: "c.png",
                        type: .png
                    )
                )
            }
            #expect(chore?.code == .failedPrecondition)
            let rows1 = try await h.rowCount()
            #expect(rows1 == 0)
        }
    }

    @Test("a profile picture: only its owner adds it (A8), anyone signed in sees it, images only")
    func profilePicture() async throws {
        try await DocumentsHarness.run { h in
            let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 3, count: 3_000)
            let picture = DocumentsHarness.metadata(
                .profile,
                "ada",
                purpose: .profilePicture,
                name: "me.jpg",
                type: .jpeg
            )
            let kept = try await h.upload(jpeg, as: "ada", metadata: picture)
            #expect(kept.type == .jpeg)
            let (_, seen) = try await h.download(kept.documentID, as: "ben")
            #expect(seen == jpeg)
            let someoneElse = await #expect(throws: RPCError.self) {
                _ = try await h.upload(jpeg, as: "ben", metadata: picture)
            }
            #expect(someoneElse?.code == .permissionDenied)
            let notTheirs = await #expect(throws: RPCError.self) {
                try await h.as("ben") { _ = try await $0.deleteDocument(.with { $0.documentID = kept.documentID }) }
            }
            #expect(notTheirs?.code == .permissionDenied)
        }
    }

    @Test("a job's document is deleted by its uploader only; the other party is refused and it stays")
    func deletion() async throws {
        try await DocumentsHarness.run { h in
            let kept = try await h.upload(pdf(size: 3_000), as: "cora")
            let refused = await #expect(throws: RPCError.self) {
                try await h.as("dan") { _ = try await $0.deleteDocument(.with { $0.documentID = kept.documentID }) }
            }
            #expect(refused?.code == .permissionDenied)
            #expect(refused?.message.contains("uploaded by someone else") == true)
            let rows2 = try await h.rowCount()
            #expect(rows2 == 1)
            try await h.as("cora") { _ = try await $0.deleteDocument(.with { $0.documentID = kept.documentID }) }
            let rows3 = try await h.rowCount()
            #expect(rows3 == 0)
            let again = await #expect(throws: RPCError.self) {
                try await h.as("cora") { _ = try await $0.deleteDocument(.with { $0.documentID = kept.documentID }) }
            }
            #expect(again?.code == .notFound)
        }
    }

    @Test("an owner's documents are listed newest first, a page at a time; a made-up token is refused")
    func listing() async throws {
        try await DocumentsHarness.run { h in
            var ids: [String] = []
            for index in 0..<5 {
                ids.append(try await h.upload(pdf(size: 1_000 + index), as: "cora").documentID)
            }
            var seen: [String] = []
            var token = ""
            repeat {
                let page = try await h.as("dan") { documents in
                    try await documents.listDocuments(
                        .with {
                            $0.ownerKind = .job
                            $0.ownerID = "job-1"
                            $0.limit = 2
                            $0.pageToken = token
                        }
                    )
                }
                #expect(page.documents.count <= 2)
                seen += page.documents.map(\.documentID)
                token = page.nextPageToken
            } while !token.isEmpty
            #expect(Set(seen) == Set(ids))
            #expect(seen.count == 5)
            let bad = await #expect(throws: RPCError.self) {
                try await h.as("dan") { documents in
                    _ = try await documents.listDocuments(
                        .with {
                            $0.ownerKind = .job
                            $0.ownerID = "job-1"
                            $0.pageToken = "not a token"
                        }
                    )
                }
            }
            #expect(bad?.code == .invalidArgument)
            #expect(bad?.message.hasPrefix("page_token:") == true)
            let tooMany = await #expect(throws: RPCError.self) {
                try await h.as("dan") { documents in
                    _ = try await documents.listDocuments(
                        .with {
                            $0.ownerKind = .job
                            $0.ownerID = "job-1"
                            $0.limit = 201
                        }
                    )
                }
            }
            #expect(tooMany?.message.hasPrefix("limit:") == true)
        }
    }

    @Test("GetDocuments answers services the documents that exist, in the order asked; users are refused it")
    func getDocuments() async throws {
        try await DocumentsHarness.run { h in
            let first = try await h.upload(pdf(size: 1_000), as: "cora")
            let second = try await h.upload(pdf(size: 2_000), as: "dan")
            let answer = try await h.server.withTransport(as: .service("jobs")) { transport in
                try await Quad_Documents_V1_Documents.Client(transport: transport).getDocuments(
                    .with { $0.documentIds = [second.documentID, "doc-none", first.documentID] }
                )
            }
            #expect(answer.documents.map(\.documentID) == [second.documentID, first.documentID])
            #expect(answer.documents.first?.ownerID == "job-1")
            #expect(answer.documents.first?.purpose == .disputeEvidence)
            let user = await #expect(throws: RPCError.self) {
                try await h.as("cora") { _ = try await $0.getDocuments(.with { $0.documentIds = [first.documentID] }) }
            }
            #expect(user?.code == .permissionDenied)
            let tooMany = await #expect(throws: RPCError.self) {
                _ = try await h.server.withTransport(as: .service("jobs")) { transport in
                    try await Quad_Documents_V1_Documents.Client(transport: transport).getDocuments(
                        .with { $0.documentIds = (0..<51).map { "doc-\($0)" } }
                    )
                }
            }
            #expect(tooMany?.code == .invalidArgument)
        }
    }
}
