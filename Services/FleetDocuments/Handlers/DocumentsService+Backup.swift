extension DocumentsService {
    /// `quad backup`'s part (the runner's `BackupHook`): takes the database copy with `copyDatabase`, then copies
    /// every blob its rows name into `<copy>.blobs/<aa>/<sha256>` (owner-only, each checked against its SHA-256),
    /// holding off deletions' blob removals meanwhile so that no row of the copy is without its blob. Returns the
    /// blobs directory.
    public func backUp(copyDatabase: @Sendable () async throws -> String) async throws -> [String] {
        try await database.backUp(copyDatabase: copyDatabase)
    }
}
