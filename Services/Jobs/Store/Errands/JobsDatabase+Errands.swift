import Foundation
import GRDB
import JobsErrands
import QuadContracts
import QuadServiceKit
import QuadStorage

/// Errands' transactions, by name (the errands half of ``JobsDatabase``).
extension JobsDatabase {
    // MARK: Reads

    /// Errand `id` whole, whoever asks (services and operators); nil when there is none.
    func errand(id: String) async throws -> ErrandRecord? {
        try await storage.read { db in try ErrandsStore.errand(id: id, db) }
    }

    /// Errand `id` as `user` of `campus` may see it (``ErrandRecord/isVisible(to:campus:)``), or nil.
    func errand(id: String, visibleTo user: String, campus: String) async throws -> Quad_Jobs_V1_Errand? {
        try await storage.read { db in
            guard let record = try ErrandsStore.errand(id: id, db), record.isVisible(to: user, campus: campus) else {
                return nil
            }
            return ErrandsProtoMapping.errand(record)
        }
    }

    /// A page of `campus`'s feed (``ErrandsStore/feed(campus:filter:now:limit:before:_:)``).
    func errandFeed(
        campus: String,
        filter: ErrandsStore.FeedFilter,
        now: Int64,
        limit: Int,
        before cursor: Int64?
    ) async throws -> (errands: [Quad_Jobs_V1_ErrandSummary], next: Int64?) {
        try await storage.read { db in
            try ErrandsStore.feed(campus: campus, filter: filter, now: now, limit: limit, before: cursor, db)
        }
    }

    /// A page of `user`'s errands (``ErrandsStore/errands(of:role:activeOnly:limit:before:_:)``).
    func errands(
        of user: String,
        role: Quad_Jobs_V1_ErrandRole,
        activeOnly: Bool,
        limit: Int,
        before cursor: Int64?
    ) async throws -> (errands: [Quad_Jobs_V1_Errand], next: Int64?) {
        try await storage.read { db in
            let (records, next) = try ErrandsStore.errands(
                of: user,
                role: role,
                activeOnly: activeOnly,
                limit: limit,
                before: cursor,
                db
            )
            return (records.map(ErrandsProtoMapping.errand), next)
        }
    }

    // MARK: Posting

    /// The errand answered to an earlier post with `key` in `scope`, if any.
    func storedErrand(scope: String, key: String, request: Quad_Jobs_V1_PostErrandRequest) async throws
        -> Quad_Jobs_V1_Errand?
    {
        try await storage.storedAnswer(scope: scope, key: key, request: request, as: Quad_Jobs_V1_Errand.self)
    }

    /// Stores a posted errand (open, listed) with `job.posted` for payments and the requester's feed event, in one
    /// transaction that stores the answer under `key` (`scope`): a repeat, or an errand already stored under its id,
    /// answers the errand as it is. The domain's refusals change nothing.
    func post(
        _ request: ErrandRequest,
        estimate: Quad_Payments_V1_ErrandQuote,
        configuration: ErrandsJobConfiguration,
        at: Int64,
        idempotency scope: String,
        key: String,
        wire: Quad_Jobs_V1_PostErrandRequest
    ) async throws -> Quad_Jobs_V1_Errand {
        try await storage.idempotent(scope: scope, key: key, request: wire) { db in
            if let existing = try ErrandsStore.errand(id: request.jobID, db) {
                return ErrandsProtoMapping.errand(existing)
            }
            let (errand, events) = try Errand.submit(request, now: at, configuration: configuration)
            var record = ErrandRecord(errand: errand, estimate: estimate, updatedAt: at)
            try ErrandsOutbox.send(events, record: &record, at: at, db)
            try ErrandsStore.save(record, db)
            try ErrandsFeed.log(["submitted"], record: record, buyerBefore: nil, at: at, db)
            return ErrandsProtoMapping.errand(record)
        }
    }

    // MARK: Changes

    /// Loads errand `id` in one write if `user` of `campus` may see it, lets `operation` change it at an instant not
    /// before its last change, and stores it with its outbox messages and feed events. Returns the errand, or nil,
    /// changing nothing, when there is no such errand or `user` may not see it. Two changes of one errand are two
    /// writes one after the other, so of many buyers accepting at once the first wins and the rest are refused by the
    /// rules (E3).
    func changeErrand(
        id: String,
        by user: String,
        campus: String,
        now: Int64,
        _ operation: @escaping @Sendable (inout ErrandRecord, Int64) throws -> [ErrandEvent]
    ) async throws -> Quad_Jobs_V1_Errand? {
        try await storage.write { db in
            guard var record = try ErrandsStore.errand(id: id, db), record.isVisible(to: user, campus: campus) else {
                return nil
            }
            let at = max(now, record.errand.lastChangeAt)
            return try Self.apply(&record, at: at, db) { record in try operation(&record, at) }
        }
    }

    /// Runs `operation` on `record` and stores what it did: the errand, its outbox messages, its feed events.
    @discardableResult
    static func apply(
        _ record: inout ErrandRecord,
        at: Int64,
        _ db: Database,
        _ operation: (inout ErrandRecord) throws -> [ErrandEvent]
    ) throws -> Quad_Jobs_V1_Errand {
        let buyerBefore = record.errand.buyer
        let entriesBefore = record.errand.timeline.count
        let events = try operation(&record)
        record.updatedAt = max(record.updatedAt, at)
        try ErrandsOutbox.send(events, record: &record, at: at, db)
        try ErrandsStore.save(record, db)
        let changes = record.errand.timeline[entriesBefore...].map(ErrandsProtoMapping.kind)
        try ErrandsFeed.log(Array(changes), record: record, buyerBefore: buyerBefore, at: at, db)
        return ErrandsProtoMapping.errand(record)
    }
}
