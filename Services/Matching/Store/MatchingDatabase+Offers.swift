import GRDB
import MatchingDomain

/// The writes and reads of dashers asking for jobs and answering offers, and of customers giving up on a
/// preferred dasher (L3–L5).
extension MatchingDatabase {
    /// L3: the offer `dasher` gets in `dorm`: the oldest waiting job they may take, offered now (or the offer they
    /// already hold); nil when nothing waits that they may take.
    func requestJob(dasher: String, dorm: String) async throws -> StoredOffer? {
        try await write { db, now in
            var answer = JobRequestAnswer.noJobWaiting
            let (stored, _) = try self.change(dorm: dorm, at: now, db) { stored in
                let (reply, events) = try stored.queue.requestJob(dasher: dasher, now: now)
                answer = reply
                return events
            }
            switch answer {
            case .offer(let offer): return stored.stored(offer)
            case .noJobWaiting: return nil
            }
        }
    }

    /// The open offer `dasher` holds, and whether an offer of its dorm (or of `fallbackDorm`, when they hold none)
    /// is due to expire: one read.
    func offer(heldBy dasher: String, fallbackDorm: String) async throws -> (held: StoredOffer?, due: Bool) {
        let micros = clock.micros
        return try await storage.read { db in
            let held = try MatchingStore.offer(heldBy: dasher, db)
            return (held, try MatchingStore.hasOffersDue(dorm: held?.dormID ?? fallbackDorm, at: micros(), db))
        }
    }

    /// Expires the due offers of the dorm of `dasher`'s offer (or of `fallbackDorm`), then answers the open offer
    /// they hold, if any.
    func expireOffers(thenFindHeldBy dasher: String, fallbackDorm: String) async throws -> StoredOffer? {
        try await write { db, now in
            let dorm = try MatchingStore.offer(heldBy: dasher, db)?.dormID ?? fallbackDorm
            let (stored, _) = try self.change(dorm: dorm, at: now, db) { $0.queue.expireOffers(now: now) }
            return stored.queue.offer(heldBy: dasher).map { stored.stored($0) }
        }
    }

    /// L4: `dasher` accepts offer `offerID` (of its dorm, or of `fallbackDorm` when there is no such offer); the
    /// job leaves the queue and jobs is told. Returns the job's id.
    func accept(offer offerID: String, dasher: String, fallbackDorm: String) async throws -> String? {
        try await write { db, now in
            let dorm = try MatchingStore.offer(id: offerID, db)?.dormID ?? fallbackDorm
            let (_, events) = try self.change(dorm: dorm, at: now, db) {
                try $0.queue.accept(offer: offerID, dasher: dasher, now: now)
            }
            return events.lazy.compactMap { if case .offerAccepted(let offer, _) = $0 { offer.job } else { nil } }.first
        }
    }

    /// L4: `dasher` declines offer `offerID`; the job waits for the next dasher, never offered to them again.
    func decline(offer offerID: String, dasher: String, fallbackDorm: String) async throws {
        try await write { db, now in
            let dorm = try MatchingStore.offer(id: offerID, db)?.dormID ?? fallbackDorm
            try self.change(dorm: dorm, at: now, db) {
                try $0.queue.decline(offer: offerID, dasher: dasher, now: now)
            }
        }
    }

    /// L5: `customer` stops waiting for the preferred dasher of job `jobID` (waiting in its dorm, or looked for in
    /// `fallbackDorm`).
    func clearPreference(job jobID: String, customer: String, fallbackDorm: String) async throws {
        try await write { db, now in
            let job = try MatchingStore.job(id: jobID, db)
            let dorm = job.flatMap { $0.assignedDasher == nil ? $0.dormID : nil } ?? fallbackDorm
            try self.change(dorm: dorm, at: now, db) {
                try $0.queue.clearPreference(job: jobID, customer: customer, now: now)
            }
        }
    }

    /// Expires the offers due now in every dorm, telling their dashers and moving their jobs on.
    ///
    /// Only the dorms with an offer due are touched, found through the offers' expiry index (time proportional to
    /// the offers due, not to the dorms or their jobs); a read looks first, so a tick with nothing due takes no turn
    /// on the writer.
    ///
    /// - Returns: How many offers expired.
    func expireDueOffers() async throws -> Int {
        let micros = clock.micros
        let due = try await storage.read { db in try MatchingStore.dormsWithOffersDue(at: micros(), db) }
        guard !due.isEmpty else { return 0 }
        return try await write { db, now in
            var expired = 0
            for dorm in try MatchingStore.dormsWithOffersDue(at: now, db) {
                let (_, events) = try self.change(dorm: dorm, at: now, db) { $0.queue.expireOffers(now: now) }
                expired += events.filter { if case .offerExpired = $0 { true } else { false } }.count
            }
            return expired
        }
    }
}
