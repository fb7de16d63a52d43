/// A `"record":"feed"` line of the call log (`--calls-jsonl`): one journey's hold on a user's feed
/// (`Gateway/Subscribe`), from its first connection to the last, with every event it saw and how it resumed after
/// each drop, for `quad-load check` to compare with what the services published for that user.
///
/// ```json
/// {"record":"feed","journey":"ride","subscriber":"u-7","connections":[{"opened_micros":1795826394337172,
///  "resumed_after":null,"current_event_id":1795826390000012,"resync":false,"ended":"OK"}],
///  "events":[{"connection":0,"id":1795826390000013,"source":"jobs","type":"quad.jobs.v1.RideChanged",
///  "occurred_at_micros":1795826394402211,"digest":"9f2c4e10a7b3d5e1"}],"resyncs":[]}
/// ```
public struct FeedRecord: Codable, Sendable, Hashable {
    /// Always `feed`.
    public var record = "feed"
    /// The journey that held the feed.
    public var journey: String
    /// The user whose feed it is.
    public var subscriber: String
    /// Each connection, in order: the first, then each resumption after a drop.
    public var connections: [Connection]
    /// Every event seen, in the order seen.
    public var events: [Event]
    /// When the gateway said events were lost (`resync_required`): the feed is only whole after that.
    public var resyncs: [Resync]

    /// A feed of `subscriber` held by `journey`, nothing seen yet.
    public init(journey: String, subscriber: String) {
        self.journey = journey
        self.subscriber = subscriber
        connections = []
        events = []
        resyncs = []
    }

    /// One connection of the feed.
    public struct Connection: Codable, Sendable, Hashable {
        /// When its `subscribed` message arrived (UTC microseconds, this machine's clock).
        public var openedMicros: Int64
        /// The last event id it resumed after; `nil` for a connection that started from now.
        public var resumedAfter: UInt64?
        /// The gateway's latest id when it answered.
        public var currentEventID: UInt64
        /// True when the gateway could not resume it (`subscribed.resync_required`).
        public var resync: Bool
        /// How it ended: `OK` (the journey had what it waited for) or the status of the drop.
        public var ended: String

        /// A connection opened at `openedMicros`.
        public init(openedMicros: Int64, resumedAfter: UInt64?, currentEventID: UInt64, resync: Bool, ended: String) {
            self.openedMicros = openedMicros
            self.resumedAfter = resumedAfter
            self.currentEventID = currentEventID
            self.resync = resync
            self.ended = ended
        }

        enum CodingKeys: String, CodingKey {
            case openedMicros = "opened_micros"
            case resumedAfter = "resumed_after"
            case currentEventID = "current_event_id"
            case resync, ended
        }
    }

    /// One event as the feed delivered it.
    public struct Event: Codable, Sendable, Hashable {
        /// The index of the connection that delivered it.
        public var connection: Int
        /// The gateway's id.
        public var id: UInt64
        /// The context it came from, e.g. `jobs`.
        public var source: String
        /// The payload's message name.
        public var type: String
        /// When it happened (the service's `occurred_at`).
        public var occurredAtMicros: Int64
        /// ``FeedDigest`` of the payload.
        public var digest: String

        /// An event seen on connection `connection`.
        public init(connection: Int, id: UInt64, source: String, type: String, occurredAtMicros: Int64, digest: String)
        {
            self.connection = connection
            self.id = id
            self.source = source
            self.type = type
            self.occurredAtMicros = occurredAtMicros
            self.digest = digest
        }

        enum CodingKeys: String, CodingKey {
            case connection, id, source, type
            case occurredAtMicros = "occurred_at_micros"
            case digest
        }
    }

    /// A `resync_required` the feed received.
    public struct Resync: Codable, Sendable, Hashable {
        /// When it arrived (UTC microseconds).
        public var atMicros: Int64
        /// The id the feed goes on after.
        public var after: UInt64

        /// A resync at `atMicros`.
        public init(atMicros: Int64, after: UInt64) {
            self.atMicros = atMicros
            self.after = after
        }

        enum CodingKeys: String, CodingKey {
            case atMicros = "at_micros"
            case after
        }
    }
}
