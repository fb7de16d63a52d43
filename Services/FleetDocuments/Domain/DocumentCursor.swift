/// Where a page of an owner's documents ends (newest first): the next page starts after this upload time and id.
/// Its token is opaque to clients; a token this did not write is refused, naming `page_token`.
public struct DocumentCursor: Sendable, Hashable {
    public var uploadedAt: Int64
    public var documentID: String

    public init(uploadedAt: Int64, documentID: String) {
        self.uploadedAt = uploadedAt
        self.documentID = documentID
    }

    /// `<uploaded_at>.<document_id>`.
    public var token: String { "\(uploadedAt).\(documentID)" }

    /// Reads a token from ``token``.
    public init(token: String) throws(DocumentsError) {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let uploadedAt = Int64(parts[0]), uploadedAt >= 0, !parts[1].isEmpty,
            parts[1].utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            throw DocumentsError(
                code: .invalidArgument,
                message: "page_token: not a token this service gave; pass next_page_token as it came, or none",
                field: "page_token"
            )
        }
        self.init(uploadedAt: uploadedAt, documentID: String(parts[1]))
    }
}
