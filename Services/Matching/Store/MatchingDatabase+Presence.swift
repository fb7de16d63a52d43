import GRDB
import MatchingDomain

/// L2: dashers turning "accepting requests" on and off, and the dorm's list customers see.
extension MatchingDatabase {
    /// Turns `dasher`'s accepting on in `dorm` (off in any other) or off everywhere. Returns when they started
    /// accepting, or, turned off, now.
    func setAccepting(_ accepting: Bool, dasher: String, dorm: String) async throws -> Int64 {
        try await write { db, now in
            for other in try MatchingStore.dorms(accepting: dasher, db) where !accepting || other != dorm {
                try self.change(dorm: other, at: now, db) { try $0.queue.stopAccepting(dasher: dasher, now: now) }
            }
            guard accepting else { return now }
            let (stored, _) = try self.change(dorm: dorm, at: now, db) {
                try $0.queue.startAccepting(dasher: dasher, now: now)
            }
            return stored.queue.acceptingSince[dasher] ?? now
        }
    }

    /// The accepting dashers of `dorm`, longest accepting first, with when each started.
    func acceptingDashers(dorm: String) async throws -> [(dasher: String, since: Int64)] {
        try await storage.read { db in try MatchingStore.acceptingDashers(dorm: dorm, db) }
    }
}
