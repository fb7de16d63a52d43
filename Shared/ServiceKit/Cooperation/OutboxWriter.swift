public import Foundation
public import GRDB
public import QuadContracts
import QuadStorage

/// The outbox of the transaction a `Database` is in, for the typed sends protoc-gen-quad writes from Proto/
/// (`<Service>.Events.send(_:key:into:)`): topic and destinations come from the event's declaration, never from
/// the caller.
///
/// ```swift
/// try await database.write { db in
///     try JobsStore.save(record, db)
///     try Quad_Jobs_V1_Jobs.Events.send(completed, key: "\(job.id):\(Quad_Jobs_V1_JobCompleted.topic)", into: db.outbox)
/// }
/// ```
public struct OutboxWriter: EventOutbox {
    let db: Database

    /// Adds one message to the outbox (``QuadStorage/Outbox/enqueue(_:destination:topic:key:payload:)``).
    public func enqueue(destination: String, topic: String, key: String, payload: Data) throws {
        try Outbox.enqueue(db, destination: destination, topic: topic, key: key, payload: payload)
    }
}

extension Database {
    /// This transaction's outbox, for the generated typed sends.
    public var outbox: OutboxWriter { OutboxWriter(db: self) }
}
