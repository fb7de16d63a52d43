import QuadKernel

/// Where a page of an owner's documents ends (newest first): the next page starts after this upload time and id.
/// Its token is opaque to clients; a token this did not write is refused, naming `page_token`.
public struct DocumentCursor: Sendable, Hashable {
    public var uploadedAt: Int64
    public var documentID: String

    public init(uploadedAt: Int64, documentID: String) {
        self.uploadedAt = uploadedAt
        self.documentID = documentID
    }

    /// `<uploaded_at>.<document_id>` (``QuadKernel/PageToken``).
    public var token: String { PageToken.make(uploadedAt, documentID) }

    /// Reads a token from ``token``.
    public init(token: String) throws(DocumentsError) {
        guard let (uploadedAt, documentID) = PageToken.parse(token) else {
            throw DocumentsError(code: .invalidArgument, message: PageToken.refusal, field: "page_token")
        }
        self.init(uploadedAt: uploadedAt, documentID: documentID)
    }
}
