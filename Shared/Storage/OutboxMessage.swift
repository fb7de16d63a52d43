public import Foundation

/// A message waiting in the transactional outbox for delivery to another service.
public struct OutboxMessage: Sendable, Equatable, Identifiable {
    /// Position in the outbox; messages to one destination are delivered in id order.
    public var id: Int64
    /// The service the message is for, e.g. `payments`.
    public var destination: String
    /// What the message means to the receiver, e.g. `job.completed`.
    public var topic: String
    /// The idempotency key the receiver dedupes on; unique per destination.
    public var key: String
    /// The encoded message.
    public var payload: Data
    /// Failed delivery attempts so far, whatever the reason.
    public var attempts: Int
    /// Of those, the attempts the receiver refused for good (see ``OutboxDeliveryFailure/refused(status:)``);
    /// the relay dead-letters the message when they reach its limit.
    public var refusals: Int
    /// When the message was enqueued.
    public var createdAt: Date

    /// Creates a message value.
    public init(
        id: Int64,
        destination: String,
        topic: String,
        key: String,
        payload: Data,
        attempts: Int,
        refusals: Int = 0,
        createdAt: Date
    ) {
        self.id = id
        self.destination = destination
        self.topic = topic
        self.key = key
        self.payload = payload
        self.attempts = attempts
        self.refusals = refusals
        self.createdAt = createdAt
    }
}
