public import Foundation

extension QuadDatabase {
    /// Dead letters still dead, oldest first (see ``DeadLetters/list(_:destination:topic:afterID:limit:)``).
    public func deadLetters(
        destination: String? = nil,
        topic: String? = nil,
        afterID: Int64 = 0,
        limit: Int = 100
    ) async throws -> [DeadLetter] {
        try await read { db in
            try DeadLetters.list(db, destination: destination, topic: topic, afterID: afterID, limit: limit)
        }
    }

    /// The dead letter `id`, dead or replayed; `nil` if there never was one.
    public func deadLetter(id: Int64) async throws -> DeadLetter? {
        try await read { db in try DeadLetters.find(db, id: id) }
    }

    /// Puts dead letter `id` back in the outbox; the relay delivers it on its next pass, which the commit wakes.
    /// Errors as ``DeadLetters/replay(_:id:at:)``.
    public func replayDeadLetter(id: Int64, at now: Date = Date()) async throws -> DeadLetter {
        try await write { db in try DeadLetters.replay(db, id: id, at: now) }
    }
}
