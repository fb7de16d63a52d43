import FleetDocumentsDomain
import GRDB

/// A stored document: its metadata, and the address of its bytes.
struct DocumentRecord: Sendable, Hashable {
    var id: String
    var owner: DocumentOwner
    var purpose: DocumentPurpose
    var fileName: String
    var type: DocumentType
    var size: Int
    var sha256: String
    var uploadedBy: String
    var uploadedAt: Int64
}

extension DocumentRecord {
    init(row: Row) throws {
        guard let kind = DocumentOwner.Kind(rawValue: row["owner_kind"]),
            let purpose = DocumentPurpose(rawValue: row["purpose"]),
            let type = DocumentType(rawValue: row["type"])
        else {
            throw DatabaseError(message: "document \(row["id"] as String) has an unknown owner kind, purpose or type")
        }
        self.init(
            id: row["id"],
            owner: DocumentOwner(kind: kind, id: row["owner_id"]),
            purpose: purpose,
            fileName: row["file_name"],
            type: type,
            size: row["size"],
            sha256: row["sha256"],
            uploadedBy: row["uploaded_by"],
            uploadedAt: row["uploaded_at"]
        )
    }
}
