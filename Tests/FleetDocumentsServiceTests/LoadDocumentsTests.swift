import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Documents of a load: its organisation's members see them; dispatchers or the uploader delete (F7)")
struct LoadDocumentsTests {
    @Test("members list and download; the driver and dispatchers add; a stranger and another dispatcher get NOT_FOUND")
    func access() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            try await h.join("drew", org)
            _ = try await h.organisation("Southern Freight", by: "ola")
            let load = try await h.load(org)
            _ = try await h.as("dora") { freight in
                try await freight.assignLoad(
                    .with {
                        $0.loadID = load.loadID
                        $0.driverID = "dan"
                    }
                )
            }
            let docs = h.documents
            func metadata(_ purpose: Quad_Documents_V1_DocumentPurpose = .billOfLading)
                -> Quad_Documents_V1_UploadMetadata
            {
                DocumentsHarness.metadata(.load, load.loadID, purpose: purpose, name: "bol.pdf")
            }
            let byDriver = try await docs.upload(pdf(size: 1_000), as: "dan", metadata: metadata(.receipt))
            h.clock.advance(by: .seconds(1))
            let byDispatcher = try await docs.upload(pdf(size: 1_100), as: "dora", metadata: metadata())
            // Another driver of the organisation sees them but may not add to a load that is not theirs.
            let listed = try await docs.as("drew") { documents in
                try await documents.listDocuments(
                    .with {
                        $0.ownerKind = .load
                        $0.ownerID = load.loadID
                    }
                )
            }
            #expect(listed.documents.map(\.documentID) == [byDispatcher.documentID, byDriver.documentID])
            #expect(try await docs.download(byDriver.documentID, as: "drew").1 == pdf(size: 1_000))
            await expectRefusal(.permissionDenied) {
                _ = try await docs.upload(pdf(size: 10), as: "drew", metadata: metadata())
            }
            // Another organisation's dispatcher and a stranger: NOT_FOUND, as for a load that does not exist.
            for outsider in ["ola", "oscar"] {
                let list = await expectRefusal(.notFound) {
                    _ = try await docs.as(outsider) { documents in
                        try await documents.listDocuments(
                            .with {
                                $0.ownerKind = .load
                                $0.ownerID = load.loadID
                            }
                        )
                    }
                }
                #expect(list?.message == "owner_id: no load \(load.loadID) whose documents you may see")
                await expectRefusal(.notFound) { _ = try await docs.download(byDriver.documentID, as: outsider) }
                await expectRefusal(.notFound) {
                    _ = try await docs.upload(pdf(size: 10), as: outsider, metadata: metadata())
                }
            }
            // The driver may not delete the dispatcher's; the dispatcher deletes the driver's.
            await expectRefusal(.permissionDenied) {
                _ = try await docs.as("dan") {
                    try await $0.deleteDocument(.with { $0.documentID = byDispatcher.documentID })
                }
            }
            _ = try await docs.as("dora") { try await $0.deleteDocument(.with { $0.documentID = byDriver.documentID }) }
            #expect(try await docs.rowCount() == 1)
        }
    }
}
