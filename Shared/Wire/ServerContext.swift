public import Logging

/// What a handler knows about the call it serves.
public struct ServerContext: Sendable {
    public var method: MethodDescriptor
    /// Request metadata from the CallStart.
    public var metadata: [String: String]
    /// When the caller stops waiting (its timeout, capped by the server's maximum); `nil` when it
    /// sent none (the server's cap still ends the call).
    public var deadline: ContinuousClock.Instant?
    public var peer: PeerInfo
    /// Carries `request_id`, `trace_id` and the method in its metadata.
    public var logger: Logger
    /// Values the server's interceptors resolved (e.g. the verified caller), by key.
    public var attributes: ServerAttributes

    public init(
        method: MethodDescriptor,
        metadata: [String: String],
        deadline: ContinuousClock.Instant?,
        peer: PeerInfo,
        logger: Logger,
        attributes: ServerAttributes = ServerAttributes()
    ) {
        self.method = method
        self.metadata = metadata
        self.deadline = deadline
        self.peer = peer
        self.logger = logger
        self.attributes = attributes
    }

    /// The time left before the deadline, if there is one.
    public var timeRemaining: Duration? { deadline.map { ContinuousClock.now.duration(to: $0) } }
}

/// A small typed bag of values attached to a call by the server (the caller's identity, …).
public struct ServerAttributes: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: ServerAttributeKey>(_ key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// Declares the type of a value in ``ServerAttributes``.
public protocol ServerAttributeKey {
    associatedtype Value: Sendable
}
