import Foundation
import GRDB
import QuadLoadCore

/// **feeds-whole**: every feed a journey held (``FeedRecord``) saw every event the services published for its
/// subscriber while it held it, across every drop and resumption.
///
/// The rule, exact with what the call log and the databases hold: a service appends each event for a user to its
/// `quad_event_log` (sequence, user, type, payload, occurred_at) in the transaction of the change; the gateway
/// follows each service's log in sequence order and the feed tags each event with its source. For a feed of user U
/// and each source S it saw an event from, the events *required* are S's log rows for U that
///   - occurred after the feed's coverage began: the first connection's `subscribed` (an event that occurred later
///     was written later, so it reached the gateway after the subscription was registered), or the latest resync
///     the gateway announced (`subscribed.resync_required` or `resync_required`: the gateway says events were lost,
///     and the app reloads);
///   - and come no later in S's log than the last event of S the feed saw (the feed is let go of once the journey
///     has what it waited for; what came after is not its to see).
/// A required event the feed did not see is missing; an event the feed saw twice, or saw but that no log has
/// (within the log's retained range), is a violation too. Events are matched on (source, type, occurred_at, payload
/// digest). A source without a database here is noted, not checked.
public enum FeedsWhole {
    public static let name = "feeds-whole"

    /// One log row of a source for the subscribers, from the earliest coverage start.
    static let eventsSQL = """
        SELECT sequence, user_id, type, occurred_at, payload FROM quad_event_log
        WHERE occurred_at >= ? ORDER BY sequence
        """
    static let oldestSQL = "SELECT MIN(occurred_at) FROM quad_event_log"

    struct LogEvent {
        var sequence: Int64
        var type: String
        var occurredAt: Int64
        var digest: String
    }

    /// Checks every feed of `log` against the event logs in `databases`.
    public static func check(_ log: CallLogContents, _ databases: ServiceDatabases) throws -> InvariantResult {
        var result = InvariantResult(name: name)
        let feeds = log.feeds.filter { !$0.connections.isEmpty }
        guard let earliest = feeds.map({ $0.connections[0].openedMicros }).min() else { return result }
        let subscribers = Set(feeds.map(\.subscriber))
        let sources = Set(feeds.flatMap { $0.events.map(\.source) })
        // Each source's rows for the subscribers, by user, in sequence order, and its oldest retained time.
        var logs: [String: (byUser: [String: [LogEvent]], oldest: Int64)] = [:]
        var unknown: Set<String> = []
        for source in sources {
            guard databases[source] != nil, try databases.has("quad_event_log", in: source) else {
                unknown.insert(source)
                continue
            }
            logs[source] = try databases.read(source) { db in
                var byUser: [String: [LogEvent]] = [:]
                for row in try Row.fetchAll(db, sql: eventsSQL, arguments: [earliest - 1]) {
                    let user: String = row[1]
                    guard subscribers.contains(user) else { continue }
                    let payload: Data = row[4]
                    byUser[user, default: []].append(
                        LogEvent(sequence: row[0], type: row[2], occurredAt: row[3], digest: FeedDigest.of(payload))
                    )
                }
                return (byUser, try Int64.fetchOne(db, sql: oldestSQL) ?? 0)
            }
        }
        if !unknown.isEmpty { result.notes.append("no event log for \(unknown.sorted().joined(separator: ", "))") }
        for (index, feed) in feeds.enumerated() {
            let name = "feed \(index + 1) of \(feed.subscriber) (\(feed.journey))"
            let coverage = coverageStart(feed)
            for source in Set(feed.events.map(\.source)).sorted() {
                guard let sourceLog = logs[source] else { continue }
                let published = sourceLog.byUser[feed.subscriber] ?? []
                var unmatched = published
                var seenSequences: [Int64] = []
                for event in feed.events where event.source == source {
                    if let at = unmatched.firstIndex(where: {
                        $0.type == event.type && $0.occurredAt == event.occurredAtMicros && $0.digest == event.digest
                    }) {
                        seenSequences.append(unmatched[at].sequence)
                        unmatched.remove(at: at)
                    } else if published.contains(where: {
                        $0.type == event.type && $0.occurredAt == event.occurredAtMicros && $0.digest == event.digest
                    }) {
                        result.violations.append(
                            "\(name) saw \(source) event \(event.type) of \(event.occurredAtMicros) twice"
                        )
                    } else if event.occurredAtMicros >= sourceLog.oldest && event.occurredAtMicros >= earliest {
                        result.violations.append(
                            "\(name) saw \(source) event \(event.type) of \(event.occurredAtMicros) that no log has"
                        )
                    }
                }
                guard let last = seenSequences.max() else { continue }
                let required = published.filter { $0.occurredAt > coverage && $0.sequence <= last }
                result.checked += required.count
                let seen = Set(seenSequences)
                for event in required where !seen.contains(event.sequence) {
                    result.violations.append(
                        "\(name) missed \(source) event \(event.sequence) (\(event.type) of \(event.occurredAt))"
                    )
                }
            }
        }
        return result
    }

    /// When the feed's coverage began: its first connection's `subscribed`, or the latest resync after it.
    static func coverageStart(_ feed: FeedRecord) -> Int64 {
        var start = feed.connections[0].openedMicros
        for connection in feed.connections where connection.resync { start = max(start, connection.openedMicros) }
        for resync in feed.resyncs { start = max(start, resync.atMicros) }
        return start
    }
}
