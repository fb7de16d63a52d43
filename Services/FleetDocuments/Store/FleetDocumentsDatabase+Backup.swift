extension FleetDocumentsDatabase {
    /// `quad backup`'s part for fleet-documents: the database copied (by `copyDatabase`, which returns its path),
    /// then every blob its rows name into `<copy>.blobs/` (``BlobBackup``); returns that directory.
    ///
    /// Why every row of the copy has its blob in the backup: the copy is one snapshot of the database; a row in it
    /// had its blob durable before the row was written (``keep(_:bytes:)``), so each blob it names was on disk when
    /// the snapshot was taken. Only a deletion removes a blob, and only after the deletion of the last row naming it
    /// has committed; a row in the snapshot was deleted, if at all, after the snapshot, so after this began holding
    /// removals off, and its blob's removal waits (``delete(_:at:)``, ``forgetProfile(of:delivery:)``) until the blobs are copied. Uploads only add blobs,
    /// and a blob's bytes never change (its name is their SHA-256, checked again as each is copied).
    func backUp(copyDatabase: @Sendable () async throws -> String) async throws -> [String] {
        let blobs = blobs
        return try await removals.holding {
            let copy = try await copyDatabase()
            return [try BlobBackup.copyBlobs(namedBy: copy, from: blobs)]
        }
    }
}
