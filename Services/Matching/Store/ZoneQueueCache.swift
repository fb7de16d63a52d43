import MatchingDomain
import Synchronization

/// Each dorm's queue as the last write left it, kept in memory so an operation does not read and rebuild the whole
/// queue from its tables (thousands of jobs) every time.
///
/// An entry is tagged with the dorm's version, the `matching_dorm_version` row, and is trusted only when that row,
/// read in the write about to use it, holds the same version.
/// ``MatchingStore/change(dorm:configuration:cache:_:_:effects:)`` is the only user, and keeps these rules, which
/// make a trusted entry equal to the stored queue:
/// - every change to a dorm's presence, queued jobs or offers is saved together with a bump of its version, in one
///   savepoint, so along the database's history a dorm's version determines its stored queue;
/// - an entry is made only of a queue equal to the stored one at the version it is tagged with: as read, as saved
///   with the bumped version, or as read again after a refused operation (which stores nothing);
/// - a write takes its dorm's entry out while it works and puts one back only when it has saved (or stored nothing),
///   so a failed save leaves no entry at all.
///
/// When a savepoint or a whole group-commit batch rolls back after an entry was put, the database is back at an older
/// version than the entry's; the next write reads that version, sees the mismatch and reads the tables: nothing acts
/// on a queue that was not committed. Writes run one at a time on the writer connection; the mutex only keeps the
/// dictionary itself safe. Reads outside writes do not use the cache.
final class ZoneQueueCache: Sendable {
    /// One dorm's queue with what an operation on it needs beside the domain's queue.
    struct Entry: Sendable, Equatable {
        /// The dorm's version the entry equals.
        var version: Int64
        /// The queue.
        var queue: ZoneQueue
        /// Listings of the queue's jobs (``StoredZoneQueue/listings``).
        var listings: [String: Listing]
        /// Ids of the open offers made to their job's preferred dasher.
        var preferredOffers: Set<String>
    }

    /// How often a write found its dorm's entry current, and how often it read the dorm from the tables.
    struct Statistics: Sendable, Hashable {
        var hits = 0
        var loads = 0
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var statistics = Statistics()
    }

    private let state = Mutex(State())

    init() {}

    /// Takes dorm `dormID`'s entry out if it is at `version` (the version just read in the write); otherwise drops
    /// it, counts a load, and returns `nil`: the caller reads the tables.
    func take(dorm dormID: String, version: Int64) -> Entry? {
        state.withLock { state in
            let entry = state.entries.removeValue(forKey: dormID)
            guard let entry, entry.version == version else {
                state.statistics.loads += 1
                return nil
            }
            state.statistics.hits += 1
            return entry
        }
    }

    /// Puts `entry` for dorm `dormID`, replacing any: call it only as ``MatchingStore`` does, within the write that
    /// stored (or read) the queue at `entry.version`.
    func put(_ entry: Entry, dorm dormID: String) {
        state.withLock { $0.entries[dormID] = entry }
    }

    /// A copy of dorm `dormID`'s entry, without taking it: for diagnostics and tests.
    func entry(dorm dormID: String) -> Entry? {
        state.withLock { $0.entries[dormID] }
    }

    /// The counters since the service started.
    var statistics: Statistics {
        state.withLock { $0.statistics }
    }
}
