/// Holds off removing blobs while a backup copies them: a deletion that removed a document's last row waits here
/// before removing its blob, until no backup is running (``FleetDocumentsDatabase/backUp(copyDatabase:)``).
actor BlobRemovalHold {
    private var backups = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` with removals held off; several backups may hold them at once.
    func holding<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        backups += 1
        do {
            let result = try await body()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }

    /// Returns once no backup holds removals off.
    func waitUntilReleased() async {
        guard backups > 0 else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        backups -= 1
        guard backups == 0 else { return }
        let waiters = waiting
        waiting = []
        for waiter in waiters { waiter.resume() }
    }
}
