import FleetDocumentsDomain
import GRDB
import QuadContracts
import QuadServiceKit

/// What a document's keeping or deletion tells other contexts, in the transaction of its row (DESIGN.md, How
/// services cooperate): a profile's picture to identity (A8).
enum DocumentsOutbox {
    static func kept(_ record: DocumentRecord, at now: Int64, _ db: Database) throws {
        guard record.purpose == .profilePicture else { return }
        try send(record, removed: false, at: now, db)
    }

    static func deleted(_ record: DocumentRecord, at now: Int64, _ db: Database) throws {
        guard record.purpose == .profilePicture else { return }
        try send(record, removed: true, at: now, db)
    }

    private static func send(_ record: DocumentRecord, removed: Bool, at now: Int64, _ db: Database) throws {
        let event = Quad_Documents_V1_ProfilePictureChanged.with {
            $0.userID = record.owner.id
            $0.documentID = record.id
            $0.removed = removed
            $0.atMicros = now
        }
        let effect = removed ? "removed" : "kept"
        try Quad_Documents_V1_Documents.Events.send(
            event,
            key: "\(Quad_Documents_V1_ProfilePictureChanged.topic):\(record.id):\(effect)",
            into: db.outbox
        )
    }
}
