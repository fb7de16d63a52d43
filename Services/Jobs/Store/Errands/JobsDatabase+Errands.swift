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

    /// Stores a posted errand (open, listed) with `job.posted` for payments, the requester's feed event and an
    /// `ErrandNearby` for each buyer at one of its stores (E9), in one
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
            let view = ErrandsProtoMapping.errand(record)
            try ErrandsFeed.log(["submitted"], record: record, view: view, buyerBefore: nil, at: at, db)
            try ErrandsStore.tellVisitors(of: record, at: at, db)
            return view
        }
    }

    // MARK: Changes

    /// Loads errand `id` in one write if `user` of `campus` may see it, lets `operation` change it at an instant not
    /// before its last change, and stores it with its outbox messages and feed events. Returns the errand, or nil,
    /// changing nothing, when there is no such errand or `user` may not see it (or, `accepting`, may not try to
    /// accept it: ``ErrandRecord/isAcceptable(by:)``). Two changes of one errand are two
    /// writes one after the other, so of many buyers accepting at once the first wins and the rest are refused by the
    /// rules (E3).
    func changeErrand(
        id: String,
        by user: String,
        campus: String,
        accepting: Bool = false,
        now: Int64,
        _ operation: @escaping @Sendable (inout ErrandRecord, Int64) throws -> [ErrandEvent]
    ) async throws -> Quad_Jobs_V1_Errand? {
        try await storage.write { db in
            guard var record = try ErrandsStore.errand(id: id, db),
                record.isVisible(to: user, campus: campus) || (accepting && record.isAcceptable(by: campus))
            else {
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
        // E8: what a delivered errand's items cost, for the campus's average prices.
        for case .completed(let completion) in events {
            try ErrandsStore.recordPrices(of: record.errand, purchase: completion.purchase, at: at, db)
        }
        // The review queue holds open errands only, which an operator restores to the feed or removes: one that
        // ended (its requester cancelled it while hidden) leaves it, its reports kept.
        if record.endedAt != nil { try ErrandsStore.dequeue(errandID: record.errand.id, clearReports: false, db) }
        let changes = record.errand.timeline[entriesBefore...].map(ErrandsProtoMapping.kind)
        let view = ErrandsProtoMapping.errand(record)
        try ErrandsFeed.log(Array(changes), record: record, view: view, buyerBefore: buyerBefore, at: at, db)
        return view
    }
}

// MARK: Chat (E6)

extension JobsDatabase {
    /// Where an errand's chat stands for one of its people.
    enum ChatAccess: Sendable {
        /// No such errand, or `user` is not one of its two people.
        case notFound
        /// Nobody accepted it (yet): there is no one to chat with.
        case noBuyer
        /// It ended at the instant given, and the chat closed 7 days later.
        case closed(at: Int64)
        /// Open.
        case open(ErrandRecord)
    }

    /// The chat of errand `id` as `user` may use it at `now`.
    static func chatAccess(errandID id: String, user: String, now: Int64, _ db: Database) throws -> ChatAccess {
        guard let record = try ErrandsStore.errand(id: id, db), record.isParty(user) else { return .notFound }
        guard record.errand.buyer != nil else { return .noBuyer }
        if let closesAt = record.chatClosesAt, now >= closesAt { return .closed(at: closesAt) }
        return .open(record)
    }

    /// Stores a message of `user` in errand `id`'s chat at `now`, for both people's feeds; or says why not.
    func sendMessage(errandID id: String, from user: String, text: String, now: Int64) async throws
        -> Result<Quad_Jobs_V1_ErrandMessage, ChatRefusal>
    {
        try await storage.write { db in
            switch try Self.chatAccess(errandID: id, user: user, now: now, db) {
            case .notFound: return .failure(.notFound)
            case .noBuyer: return .failure(.noBuyer)
            case .closed(let at): return .failure(.closed(at: at))
            case .open(let record):
                let recipients = [record.errand.requester, record.errand.buyer].compactMap { $0 }
                let message = try ErrandsStore.appendMessage(
                    errandID: id,
                    sender: user,
                    text: text,
                    at: max(now, record.errand.lastChangeAt),
                    recipients: recipients,
                    db
                )
                return .success(message)
            }
        }
    }

    /// A page of errand `id`'s chat for `user`, or nil when they are not one of its people; with when it closes.
    func messages(errandID id: String, for user: String, after: Int64, limit: Int) async throws
        -> (messages: [Quad_Jobs_V1_ErrandMessage], next: Int64?, closesAt: Int64?)?
    {
        try await storage.read { db in
            guard let record = try ErrandsStore.errand(id: id, db), record.isParty(user) else { return nil }
            let (messages, next) = try ErrandsStore.messages(errandID: id, after: after, limit: limit, db)
            return (messages, next, record.chatClosesAt)
        }
    }

    /// Why a message was not stored.
    enum ChatRefusal: Error, Sendable {
        case notFound
        case noBuyer
        case closed(at: Int64)
    }
}

// MARK: Reports (E7)

extension JobsDatabase {
    /// How a report was taken.
    enum ReportOutcome: Sendable {
        /// No such errand, or `reporter` may not see it.
        case notFound
        /// It is the reporter's own errand.
        case ownErrand
        /// They reported it before, at the instant given.
        case reportedAlready
        /// Stored.
        case reported(at: Int64)
    }

    /// Stores `reporter`'s report of errand `id` at `now`; at the third reporter an errand still in the feed is hidden
    /// from it and queued for review, in the same write.
    func report(
        errandID id: String,
        by reporter: String,
        campus: String,
        reason: Quad_Jobs_V1_ErrandReportReason,
        text: String,
        now: Int64
    ) async throws -> ReportOutcome {
        try await storage.write { db in
            guard var record = try ErrandsStore.errand(id: id, db), record.isVisible(to: reporter, campus: campus)
            else { return .notFound }
            guard record.errand.requester != reporter else { return .ownErrand }
            guard try ErrandsStore.addReport(errandID: id, reporter: reporter, reason: reason, text: text, at: now, db)
            else { return .reportedAlready }
            // Only a listed errand is hidden and queued: review restores it to the feed or removes it, neither of
            // which an accepted errand (seen by its buyer, who may report it) or an ended one can take.
            if try ErrandsStore.reportCount(errandID: id, db) >= ErrandsRules.reportsToHide, record.isListed {
                record.hidden = true
                record.updatedAt = max(record.updatedAt, now)
                try ErrandsStore.save(record, db)
                try ErrandsStore.queueForReview(errandID: id, at: now, db)
            }
            return .reported(at: now)
        }
    }

    /// A page of the review queue, oldest first, each errand with its reports.
    func reviewQueue(after cursor: (queuedAt: Int64, errandID: String)?, limit: Int) async throws
        -> (errands: [Quad_Jobs_V1_ReportedErrand], next: (queuedAt: Int64, errandID: String)?)
    {
        try await storage.read { db in
            let queued = try ErrandsStore.reviewQueue(after: cursor, limit: limit + 1, db)
            let page = try queued.prefix(limit).compactMap { entry -> Quad_Jobs_V1_ReportedErrand? in
                guard let record = try ErrandsStore.errand(id: entry.errandID, db) else { return nil }
                let reports = try ErrandsStore.reports(errandID: entry.errandID, db)
                return .with {
                    $0.errand = ErrandsProtoMapping.errand(record)
                    $0.reports = reports
                }
            }
            let next = queued.count > limit ? (queued[limit - 1].queuedAt, queued[limit - 1].errandID) : nil
            return (page, next)
        }
    }

    /// An operator's decision on queued errand `id` at `now`: restored to the feed (its reports forgotten) or removed
    /// (cancelled, its hold released); the requester is told either way. Nil, changing nothing, when it is not queued.
    func decide(
        errandID id: String,
        restore: Bool,
        note: String?,
        configuration: ErrandsJobConfiguration,
        now: Int64
    ) async throws -> Quad_Jobs_V1_Errand? {
        try await storage.write { db in
            guard try ErrandsStore.isQueued(errandID: id, db), var record = try ErrandsStore.errand(id: id, db) else {
                return nil
            }
            let at = max(now, record.errand.lastChangeAt)
            if restore {
                try ErrandsStore.dequeue(errandID: id, clearReports: true, db)
                record.hidden = false
                record.updatedAt = max(record.updatedAt, at)
                try ErrandsStore.save(record, db)
                let view = ErrandsProtoMapping.errand(record)
                try ErrandsFeed.log(["restored"], record: record, view: view, buyerBefore: nil, at: at, db)
                return view
            }
            // Removed, it ends, and ``apply(_:at:_:_:)`` takes it off the queue with its reports kept.
            return try Self.apply(&record, at: at, db) { record in
                try record.errand.remove(note: note, at: at, configuration: configuration)
            }
        }
    }
}

// MARK: Catalog, prices, store visits (story 10, E8, E9)

extension JobsDatabase {
    /// Catalog items starting with `prefix`.
    func catalog(prefix: String, limit: Int) async throws -> [Quad_Jobs_V1_CatalogItem] {
        try await storage.read { db in try ErrandsStore.catalog(prefix: prefix, limit: limit, db) }
    }

    /// What was paid for item `name` on `campus` (``ErrandsStore/pricesPaid(name:campus:_:)``).
    func pricesPaid(name: String, campus: String) async throws -> (count: Int, sumMinor: Int64, currency: String)? {
        try await storage.read { db in try ErrandsStore.pricesPaid(name: name, campus: campus, db) }
    }

    /// Records `buyer`'s visit and reads the first page of the campus's open errands with items from `store`.
    func visit(
        buyer: String,
        campus: String,
        store: String,
        until: Int64,
        now: Int64,
        limit: Int
    ) async throws -> [Quad_Jobs_V1_ErrandSummary] {
        try await storage.write { db in
            try ErrandsStore.visit(buyer: buyer, campus: campus, store: store, until: until, db)
            return try ErrandsStore.feed(
                campus: campus,
                filter: ErrandsStore.FeedFilter(store: store),
                now: now,
                limit: limit,
                before: nil,
                db
            ).errands
        }
    }
}

// MARK: Expiry

extension JobsDatabase {
    /// Ends up to `limit` open errands whose needed-by time is past at `now` (each in its own write: cancelled, its
    /// hold released, out of the feed and of the review queue, the requester told `expired`); their ids.
    func expireErrands(now: Int64, limit: Int) async throws -> [String] {
        let due = try await storage.read { db in try ErrandsStore.openErrandIDs(neededBy: now, limit: limit, db) }
        var expired: [String] = []
        for id in due {
            let done = try await storage.write { db -> Bool in
                guard var record = try ErrandsStore.errand(id: id, db), record.errand.status == .active,
                    record.errand.stage == .open
                else { return false }
                let at = max(now, record.errand.lastChangeAt)
                // Ended, it leaves the review queue too (``apply(_:at:_:_:)``).
                try Self.apply(&record, at: at, db) { try $0.errand.expire(at: at) }
                return true
            }
            if done { expired.append(id) }
        }
        return expired
    }
}
