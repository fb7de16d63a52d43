import FleetDocumentsDomain
import GRDB

/// fleet-documents' rows: one table, its queries on cached statements.
enum DocumentsStore {
    static func insert(_ record: DocumentRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO document (id, owner_kind, owner_id, purpose, file_name, type, size, sha256, uploaded_by,
                    uploaded_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            record.id, record.owner.kind.rawValue, record.owner.id, record.purpose.rawValue, record.fileName,
            record.type.rawValue, record.size, record.sha256, record.uploadedBy, record.uploadedAt,
        ])
    }

    static func document(id: String, _ db: Database) throws -> DocumentRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM document WHERE id = ?"), arguments: [id])
            .map(DocumentRecord.init(row:))
    }

    /// A page of `owner`'s documents, newest first: at most `limit` uploaded before `cursor`, and the next page's
    /// cursor when more follow.
    static func documents(
        of owner: DocumentOwner,
        limit: Int,
        after cursor: DocumentCursor?,
        _ db: Database
    ) throws -> (documents: [DocumentRecord], next: DocumentCursor?) {
        var sql = "SELECT * FROM document WHERE owner_kind = ? AND owner_id = ?"
        var arguments: StatementArguments = [owner.kind.rawValue, owner.id]
        if let cursor {
            sql += " AND (uploaded_at < ? OR (uploaded_at = ? AND id < ?))"
            arguments += [cursor.uploadedAt, cursor.uploadedAt, cursor.documentID]
        }
        sql += " ORDER BY uploaded_at DESC, id DESC LIMIT ?"
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments + [limit + 1])
        let page = try rows.prefix(limit).map(DocumentRecord.init(row:))
        let next =
            rows.count > limit ? page.last.map { DocumentCursor(uploadedAt: $0.uploadedAt, documentID: $0.id) } : nil
        return (page, next)
    }

    /// Deletes document `id`; returns whether any other document still names `sha256`.
    static func delete(id: String, sha256: String, _ db: Database) throws -> Bool {
        try db.cachedStatement(sql: "DELETE FROM document WHERE id = ?").execute(arguments: [id])
        return try names(sha256, db)
    }

    /// Deletes every document of `owner`; returns them.
    static func deleteAll(of owner: DocumentOwner, _ db: Database) throws -> [DocumentRecord] {
        let records = try Row.fetchAll(
            db,
            sql: "SELECT * FROM document WHERE owner_kind = ? AND owner_id = ?",
            arguments: [owner.kind.rawValue, owner.id]
        ).map(DocumentRecord.init(row:))
        try db.execute(
            sql: "DELETE FROM document WHERE owner_kind = ? AND owner_id = ?",
            arguments: [owner.kind.rawValue, owner.id]
        )
        return records
    }

    /// Whether any document names the blob of `sha256`.
    static func names(_ sha256: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM document WHERE sha256 = ?)"),
            arguments: [sha256]
        ) ?? false
    }

    /// Every blob address a row names.
    static func addresses(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT DISTINCT sha256 FROM document"))
    }
}
