/// The memory behind the resumable per-user event feed (G3): recent events per user, so a client that
/// reconnects with the last id it saw gets exactly the events it missed, or is told to resync.
///
/// Ids: one counter for the whole buffer, starting just after an `origin` the gateway picks at start, so every
/// user's ids are strictly increasing (though not contiguous). The origin is the restart guard, instead of an
/// epoch field inside the id: pass the wall-clock time in microseconds since 1970 when the gateway starts. Ids
/// from an earlier run of the gateway are then below the new origin (as long as it assigned fewer than one id
/// per microsecond it ran, and the wall clock did not step back past that margin), and a client presenting one is
/// told to resync; an id above the last one assigned (from a later run, or made up) is told the same. Ids
/// stay plain increasing numbers that clients can compare.
///
/// Memory is bounded three ways (``EventFeedConfiguration``): the last `eventsPerUser` events of each user,
/// at most `maximumUsers` users and `maximumEvents` events in all, dropping the least recently active user
/// (an append or a resume counts as activity). The buffer remembers, for each user, after which id its events
/// are complete, and for users it no longer holds, the highest id it ever dropped. So it answers with events
/// only when none are missing; otherwise it answers ``Resumption/resyncRequired``, which is always safe (the
/// client reloads its screens) and happens needlessly only after memory pressure made the buffer drop histories.
///
/// The buffer performs no delivery: the gateway appends an event and pushes it to the user's open stream under
/// the same lock (or actor) it resumes under, so no event slips between a resume and the live stream.
public struct EventFeedBuffer<Payload> {
    /// The answer to a resume.
    public enum Resumption {
        /// Every event after the given id, oldest first: none missing, none repeated (possibly none).
        case events([FeedEvent<Payload>])
        /// Some events after the given id are no longer known: reload the state, then follow the feed from
        /// ``EventFeedBuffer/lastAssignedID``.
        case resyncRequired
    }

    fileprivate struct UserFeed {
        /// Every event of this user with an id above this one is in `events`.
        var completeAfter: UInt64
        var events: [FeedEvent<Payload>]
    }

    /// The bounds.
    public let configuration: EventFeedConfiguration
    /// The id given to the latest event of any user (the origin before the first): a newly connected client,
    /// having loaded its state, follows the feed after this.
    public private(set) var lastAssignedID: UInt64
    /// Every event whose id is at most this may be unknown: from before the origin, or dropped with its user.
    private var forgottenThrough: UInt64
    private var feeds = LRUMap<String, UserFeed>()
    /// The number of events held, all users together.
    public private(set) var eventCount = 0

    /// An empty buffer whose first id will be `origin + 1`.
    public init(origin: UInt64, configuration: EventFeedConfiguration = .defaults) {
        self.configuration = configuration
        self.lastAssignedID = origin
        self.forgottenThrough = origin
    }

    /// The number of users whose events are held.
    public var userCount: Int { feeds.count }

    /// Adds an event to `user`'s feed; returns the id it was given.
    @discardableResult
    public mutating func append(user: String, payload: Payload) -> UInt64 {
        lastAssignedID += 1
        let event = FeedEvent(id: lastAssignedID, payload: payload)
        let perUser = configuration.eventsPerUser
        let trimmed: Int? = feeds.modify(user) { feed in
            feed.events.append(event)
            guard feed.events.count > perUser else { return 0 }
            feed.completeAfter = feed.events.removeFirst().id
            return 1
        }
        if let trimmed {
            eventCount += 1 - trimmed
        } else {
            // Events of this user up to `forgottenThrough` may have been dropped with an earlier feed of theirs;
            // read it before making room, since dropping someone else's feed loses none of this user's events.
            let feed = UserFeed(completeAfter: forgottenThrough, events: [event])
            if feeds.count >= configuration.maximumUsers { dropLeastRecentUser() }
            feeds.set(feed, for: user)
            eventCount += 1
        }
        // `user` is now the most recent, so it is dropped last (and `eventsPerUser <= maximumEvents`).
        while eventCount > configuration.maximumEvents { dropLeastRecentUser() }
        return event.id
    }

    /// A client of `user` reconnects having seen every event up to `lastSeenID`: the events it missed, or resync.
    public mutating func resume(user: String, after lastSeenID: UInt64) -> Resumption {
        guard lastSeenID <= lastAssignedID else { return .resyncRequired }
        let held: Resumption? = feeds.modify(user) { feed in
            guard lastSeenID >= feed.completeAfter else { return .resyncRequired }
            let missedFrom = feed.events.firstIndex { $0.id > lastSeenID } ?? feed.events.endIndex
            return .events(Array(feed.events[missedFrom...]))
        }
        if let held { return held }
        // Nothing held for this user: complete only if nothing after `lastSeenID` was ever dropped.
        return lastSeenID >= forgottenThrough ? .events([]) : .resyncRequired
    }

    /// Some events were lost before they got ids (the gateway was cut off from a service for
    /// longer than the service keeps its log): forgets every history and reserves one id for the
    /// loss, so every client that resumes from before it, even one that had seen every id, is
    /// told to resync. Returns that id: live subscribers reload and follow the feed after it.
    @discardableResult
    public mutating func forgetAll() -> UInt64 {
        lastAssignedID += 1
        forgottenThrough = lastAssignedID
        feeds = LRUMap()
        eventCount = 0
        return lastAssignedID
    }

    private mutating func dropLeastRecentUser() {
        guard let (_, feed) = feeds.removeOldest() else { return }
        eventCount -= feed.events.count
        if let last = feed.events.last { forgottenThrough = max(forgottenThrough, last.id) }
    }
}

extension EventFeedBuffer: Sendable where Payload: Sendable {}
extension EventFeedBuffer.Resumption: Sendable where Payload: Sendable {}
extension EventFeedBuffer.Resumption: Equatable where Payload: Equatable {}
extension EventFeedBuffer.UserFeed: Sendable where Payload: Sendable {}
