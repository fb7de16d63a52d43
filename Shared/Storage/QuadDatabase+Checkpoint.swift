internal import GRDB

extension QuadDatabase {
    /// Copies every committed page from the WAL into the database file and empties the WAL
    /// (`wal_checkpoint(TRUNCATE)`), so that bytes a transaction overwrote (with
    /// `secure_delete`) survive in neither file. Waits for readers; call it at start or
    /// after erasing a secret, not on a hot path.
    public func checkpointAndTruncateLog() async throws {
        try await pool.writeWithoutTransaction { db in
            _ = try db.checkpoint(.truncate)
        }
    }
}
