/// One event of a user's feed, with the id the feed assigned it.
public struct FeedEvent<Payload> {
    /// Strictly increasing within the user's feed (and across all feeds of one buffer); not contiguous.
    public let id: UInt64
    /// What happened.
    public let payload: Payload

    /// An event with the given id and payload.
    public init(id: UInt64, payload: Payload) {
        self.id = id
        self.payload = payload
    }
}

extension FeedEvent: Sendable where Payload: Sendable {}
extension FeedEvent: Equatable where Payload: Equatable {}
extension FeedEvent: Hashable where Payload: Hashable {}
