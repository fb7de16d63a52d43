import FleetDocumentsDomain

/// Who may do what with an owner's documents: loads answered by fleet-documents itself from its own database (they
/// are freight's, in this executable), every other kind by `others` (the owning contexts, over the wire).
struct LoadDocumentOwners: DocumentOwners {
    let database: FleetDocumentsDatabase
    let others: any DocumentOwners

    func access(to owner: DocumentOwner, for user: String) async throws -> DocumentAccess {
        guard owner.kind == .load else { return try await others.access(to: owner, for: user) }
        return try await database.documentAccess(toLoad: owner.id, for: user)
    }
}
