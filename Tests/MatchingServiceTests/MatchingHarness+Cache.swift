import GRDB
@testable import MatchingService

/// What the cache of dorm queues holds, beside what the tables hold.
extension MatchingHarness {
    /// Dorm `dorm`'s queue as the service keeps it in memory, if it does.
    func cachedQueue(_ dorm: String = dorm) -> ZoneQueueCache.Entry? {
        service.database.queues.entry(dorm: dorm)
    }

    /// Dorm `dorm`'s queue as stored, read from the tables as a restarted service would.
    func storedQueue(_ dorm: String = dorm) async throws -> ZoneQueueCache.Entry {
        let configuration = service.configuration.queue
        return try await database.read { db in
            let version = try MatchingStore.version(dorm: dorm, db)
            return try MatchingStore.load(dorm: dorm, version: version, configuration: configuration, db).foundEntry
        }
    }

    /// How often a write used a cached queue, and how often it read one from the tables.
    var cacheStatistics: ZoneQueueCache.Statistics {
        service.database.queues.statistics
    }
}
