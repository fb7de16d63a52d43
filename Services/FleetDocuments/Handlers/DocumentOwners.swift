public import FleetDocumentsDomain

/// What an owner's context says a user may do with its documents (documents.proto's `DocumentAccessResponse`).
public struct DocumentAccess: Sendable, Hashable {
    /// False when the context has no such owner.
    public var exists: Bool
    /// May list and download the owner's documents.
    public var mayView: Bool
    /// May upload to the owner.
    public var mayAdd: Bool
    /// May delete the owner's documents besides their own uploads.
    public var mayDeleteAny: Bool

    public init(exists: Bool, mayView: Bool, mayAdd: Bool, mayDeleteAny: Bool) {
        self.exists = exists
        self.mayView = mayView
        self.mayAdd = mayAdd
        self.mayDeleteAny = mayDeleteAny
    }

    /// No such owner.
    public static let none = DocumentAccess(exists: false, mayView: false, mayAdd: false, mayDeleteAny: false)
}

/// Who may do what with an owner's documents, asked of the context that owns it on every call (documents are never
/// shown on a guess). Throws an `RPCError` when the context cannot answer (UNAVAILABLE) or serves no such owners.
public protocol DocumentOwners: Sendable {
    func access(to owner: DocumentOwner, for user: String) async throws -> DocumentAccess
}
