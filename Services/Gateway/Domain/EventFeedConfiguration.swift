/// How much of the per-user event feeds the gateway keeps in memory for resuming (see ``EventFeedBuffer``).
public struct EventFeedConfiguration: Sendable, Hashable {
    /// The most recent events kept per user.
    public var eventsPerUser: Int
    /// The most users whose events are kept; beyond it the least recently active user's events go.
    public var maximumUsers: Int
    /// The most events kept across all users; beyond it the least recently active users' events go.
    public var maximumEvents: Int

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: every bound is at least 1 and `eventsPerUser <= maximumEvents`.
    public init(eventsPerUser: Int = 256, maximumUsers: Int = 10_000, maximumEvents: Int = 262_144) {
        precondition(eventsPerUser >= 1 && maximumUsers >= 1 && eventsPerUser <= maximumEvents)
        self.eventsPerUser = eventsPerUser
        self.maximumUsers = maximumUsers
        self.maximumEvents = maximumEvents
    }

    /// Sized for one campus on one machine:
    /// - 256 events per user: a busy user sees a few events a minute (stage changes, offers, chores), so this
    ///   covers far more than any phone stays offline between reconnects without needing a resync.
    /// - 10,000 users: a campus's active users at once.
    /// - 262,144 events in all: at a few hundred bytes each, at most ~100 MB however the events are spread;
    ///   typical use (most users with a handful of events) stays far below it.
    public static var defaults: EventFeedConfiguration { EventFeedConfiguration() }
}
