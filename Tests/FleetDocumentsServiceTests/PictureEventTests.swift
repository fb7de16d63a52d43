import Foundation
import GRDB
import QuadContracts
import QuadWire
import Testing

@Suite("Documents: a profile picture kept or deleted is told to identity through the outbox (A8)")
struct PictureEventTests {
    /// The outbox's messages: destination, topic and the event.
    static func outbox(_ h: DocumentsHarness) async throws -> [(
        String, String, Quad_Documents_V1_ProfilePictureChanged
    )] {
        try await h.database.read { db in
            try Row.fetchAll(db, sql: "SELECT destination, topic, payload FROM quad_outbox ORDER BY id").map {
                (
                    $0["destination"], $0["topic"],
                    try Quad_Documents_V1_ProfilePictureChanged(serializedBytes: $0["payload"] as Data)
                )
            }
        }
    }

    @Test(
        "a picture kept tells identity its id; its deletion tells identity it is removed; other documents tell nothing"
    )
    func events() async throws {
        try await DocumentsHarness.run { h in
            _ = try await h.upload(pdf(size: 1_000), as: "cora")
            #expect(try await Self.outbox(h).isEmpty)
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 9, count: 2_000)
            let picture = try await h.upload(
                png,
                as: "ada",
                metadata: DocumentsHarness.metadata(
                    .profile,
                    "ada",
                    purpose: .profilePicture,
                    name: "a.png",
                    type: .png
                )
            )
            var sent = try await Self.outbox(h)
            #expect(sent.count == 1)
            #expect(sent.first?.0 == "identity")
            #expect(sent.first?.1 == "profile_picture.changed")
            #expect(sent.first?.2.userID == "ada")
            #expect(sent.first?.2.documentID == picture.documentID)
            #expect(sent.first?.2.removed == false)
            try await h.as("ada") { _ = try await $0.deleteDocument(.with { $0.documentID = picture.documentID }) }
            sent = try await Self.outbox(h)
            #expect(sent.count == 2)
            #expect(sent.last?.2.documentID == picture.documentID)
            #expect(sent.last?.2.removed == true)
        }
    }
}
