import GRDB
import MatchingDomain
import QuadContracts
import QuadKernel
import QuadServiceKit
import QuadStorage
import QuadWire

/// matching's database, and every transaction matching's handlers ask of it, by name (GRDB's `AppDatabase` pattern).
///
/// Each method is one read or one write at the clock's instant, read when the write runs (so serialized writes see
/// time move forward). A change of a dorm's queue is stored with the feed events and outbox messages its events call
/// for (``MatchingEffects``), decided here once: a handler checks its request, asks for the change and maps the
/// answer; it never opens a transaction or sees GRDB. The domain's refusals thrown inside a change roll it back whole.
struct MatchingDatabase: Sendable {
    /// The service's SQLite database: its tables, outbox, inbox and event log.
    let storage: QuadDatabase
    /// Each dorm's queue as the last write left it.
    let queues = ZoneQueueCache()
    let configuration: MatchingConfiguration
    let clock: QuadClock

    /// Runs `body` in one write at the clock's instant; the domain's refusals become their status, nothing changed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database, Int64) throws -> T) async throws -> T {
        let micros = clock.micros
        return try await refusingAsRPC { try await storage.write { db in try body(db, micros()) } }
    }

    /// Applies `delivery` once, in one write at the clock's instant; the domain's refusals become their status.
    func receive(
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ body: @escaping @Sendable (Database, Int64) throws -> Void
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let micros = clock.micros
        return try await refusingAsRPC { try await storage.receive(delivery) { db in try body(db, micros()) } }
    }

    /// Finds dorm `dormID`'s queue, lets `operation` change it, and stores what changed with the outbox messages and
    /// feed events its events call for (``MatchingStore/change(dorm:configuration:cache:_:_:effects:)``). Call it
    /// inside ``write(_:)``; a refusal throws before anything is stored. `operation` only changes the queue.
    @discardableResult
    func change(
        dorm dormID: String,
        at now: Int64,
        _ db: Database,
        _ operation: (inout StoredZoneQueue) throws -> [MatchingEvent]
    ) throws -> (stored: StoredZoneQueue, events: [MatchingEvent]) {
        try MatchingStore.change(
            dorm: dormID,
            configuration: configuration,
            cache: queues,
            db,
            operation,
            effects: { events, stored in try MatchingEffects.carryOut(events, of: stored, at: now, db) }
        )
    }

    /// G3: matching's event source (offers and queue changes for the people concerned), from the event log.
    func serveEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await EventSourceStream.serve(request: request, response: response, database: storage, context: context)
    }
}
