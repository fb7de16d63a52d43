public import Foundation

/// An outbox message the relay gave up on: its receiver refused it for good, `maxRefusals` times.
///
/// It no longer holds back the later messages to its destination. An operator lists, inspects and replays it
/// (`quad outbox`, the Admin service's dead-letter methods); a replay puts it back in the outbox.
public struct DeadLetter: Sendable, Equatable, Identifiable {
    /// The id the message had in the outbox, which also names the dead letter.
    public var id: Int64
    /// The service the message was for, e.g. `payments`.
    public var destination: String
    /// What the message means to the receiver, e.g. `account.deleted`.
    public var topic: String
    /// The idempotency key the receiver dedupes on.
    public var key: String
    /// The encoded message.
    public var payload: Data
    /// Failed delivery attempts, whatever the reason.
    public var attempts: Int
    /// The receiver's last answer, e.g. `INVALID_ARGUMENT`.
    public var status: String
    /// The last error's text, shortened.
    public var lastError: String
    /// When the message was enqueued.
    public var createdAt: Date
    /// When the relay gave up on it.
    public var deadAt: Date
    /// When an operator replayed it; `nil` while it is dead.
    public var replayedAt: Date?
    /// The outbox id its replay was given.
    public var replayedAs: Int64?

    /// Creates a dead letter value.
    public init(
        id: Int64,
        destination: String,
        topic: String,
        key: String,
        payload: Data,
        attempts: Int,
        status: String,
        lastError: String,
        createdAt: Date,
        deadAt: Date,
        replayedAt: Date? = nil,
        replayedAs: Int64? = nil
    ) {
        self.id = id
        self.destination = destination
        self.topic = topic
        self.key = key
        self.payload = payload
        self.attempts = attempts
        self.status = status
        self.lastError = lastError
        self.createdAt = createdAt
        self.deadAt = deadAt
        self.replayedAt = replayedAt
        self.replayedAs = replayedAs
    }

    /// Whether the message is still dead (not replayed).
    public var isDead: Bool { replayedAt == nil }
}
