import GatewayDomain
import Testing
import QuadTestSupport

@Suite("EventFeedBuffer")
struct EventFeedBufferTests {
    typealias Buffer = EventFeedBuffer<String>

    /// The payloads of a resumption, or `nil` for a resync.
    func payloads(_ resumption: Buffer.Resumption) -> [String]? {
        guard case .events(let events) = resumption else { return nil }
        return events.map(\.payload)
    }

    @Test("ids start after the origin and strictly increase within each user's feed")
    func ids() {
        var buffer = Buffer(origin: 1_000)
        let ada1 = buffer.append(user: "ada", payload: "job accepted")
        let grace1 = buffer.append(user: "grace", payload: "invite")
        let ada2 = buffer.append(user: "ada", payload: "stage changed")
        #expect([ada1, grace1, ada2] == [1_001, 1_002, 1_003])
        #expect(buffer.lastAssignedID == 1_003)
    }

    @Test("a reconnect with the last seen id gets exactly the missed events, in order")
    func resumeGetsMissed() {
        // Given: the client saw the first of four events
        var buffer = Buffer(origin: 0)
        let seen = buffer.append(user: "ada", payload: "a")
        for payload in ["b", "c", "d"] { buffer.append(user: "ada", payload: payload) }
        buffer.append(user: "grace", payload: "not ada's")

        // When
        let resumption = buffer.resume(user: "ada", after: seen)

        // Then
        #expect(payloads(resumption) == ["b", "c", "d"])
        #expect(
            resumption
                == .events([
                    FeedEvent(id: 2, payload: "b"), FeedEvent(id: 3, payload: "c"),
                    FeedEvent(id: 4, payload: "d"),
                ])
        )
    }

    @Test("a reconnect that saw everything gets nothing, and resuming twice repeats nothing new")
    func upToDate() {
        // Given
        var buffer = Buffer(origin: 0)
        let last = buffer.append(user: "ada", payload: "a")

        // When / Then
        #expect(payloads(buffer.resume(user: "ada", after: last)) == [])
        #expect(payloads(buffer.resume(user: "ada", after: last)) == [])
    }

    @Test("a reconnect with an evicted id is told to resync; one at the edge of what is kept is served")
    func evictedID() {
        // Given: ada keeps her last 3 of 5 events (ids 3, 4, 5)
        var buffer = Buffer(origin: 0, configuration: EventFeedConfiguration(eventsPerUser: 3))
        for payload in ["1", "2", "3", "4", "5"] { buffer.append(user: "ada", payload: payload) }

        // When / Then
        #expect(buffer.resume(user: "ada", after: 1) == .resyncRequired)
        #expect(payloads(buffer.resume(user: "ada", after: 2)) == ["3", "4", "5"])
        #expect(buffer.eventCount == 3)
    }

    @Test("an id from before a gateway restart is told to resync, even if the new feed has events")
    func restart() {
        // Given: the old gateway started at origin 1,000; the new one at 5,000 (start times in µs)
        var old = Buffer(origin: 1_000)
        let seenBeforeRestart = (0..<3).map { _ in old.append(user: "ada", payload: "old") }.last!
        var new = Buffer(origin: 5_000)
        new.append(user: "ada", payload: "new")

        // When / Then
        #expect(new.resume(user: "ada", after: seenBeforeRestart) == .resyncRequired)
        #expect(new.resume(user: "grace", after: seenBeforeRestart) == .resyncRequired)
    }

    @Test("an id from the future is told to resync")
    func futureID() {
        // Given: one id assigned so far
        var buffer = Buffer(origin: 0)
        buffer.append(user: "ada", payload: "a")

        // When / Then
        #expect(buffer.resume(user: "ada", after: 2) == .resyncRequired)
        #expect(buffer.resume(user: "grace", after: 2) == .resyncRequired)
    }

    @Test("a user with no events since connecting gets an empty answer, not a resync")
    func quietUser() {
        // Given: grace connects and follows the feed from the latest id
        var buffer = Buffer(origin: 0)
        buffer.append(user: "ada", payload: "a")
        let cursor = buffer.lastAssignedID

        // When: only other users get events
        buffer.append(user: "ada", payload: "b")

        // Then
        #expect(payloads(buffer.resume(user: "grace", after: cursor)) == [])
    }

    @Test("a user whose events were dropped for memory is told to resync, unless they had seen them all")
    func droppedUser() {
        // Given: room for two users; ada is the least recently active when linus arrives
        var buffer = Buffer(origin: 0, configuration: EventFeedConfiguration(maximumUsers: 2))
        let adaFirst = buffer.append(user: "ada", payload: "a1")
        let adaLast = buffer.append(user: "ada", payload: "a2")
        buffer.append(user: "grace", payload: "g1")
        buffer.append(user: "linus", payload: "l1")
        #expect(buffer.userCount == 2)

        // When / Then
        #expect(buffer.resume(user: "ada", after: adaFirst) == .resyncRequired)
        #expect(payloads(buffer.resume(user: "ada", after: adaLast)) == [])

        // And when ada gets a new event, an old cursor still cannot be trusted, her latest one can
        buffer.append(user: "ada", payload: "a3")
        #expect(buffer.resume(user: "ada", after: adaFirst) == .resyncRequired)
        #expect(payloads(buffer.resume(user: "ada", after: adaLast)) == ["a3"])
    }

    @Test("resuming counts as activity: the connected user's events outlive an idle user's")
    func resumeIsActivity() {
        // Given: room for two users; ada's events are older, but she reconnects
        var buffer = Buffer(origin: 0, configuration: EventFeedConfiguration(maximumUsers: 2))
        buffer.append(user: "ada", payload: "a1")
        buffer.append(user: "grace", payload: "g1")
        _ = buffer.resume(user: "ada", after: 0)

        // When
        buffer.append(user: "linus", payload: "l1")

        // Then
        #expect(payloads(buffer.resume(user: "ada", after: 0)) == ["a1"])
        #expect(buffer.resume(user: "grace", after: 0) == .resyncRequired)
    }

    @Test("the total number of events is bounded by dropping the least recently active users")
    func totalBound() {
        // Given: room for 6 events in all
        var buffer = Buffer(
            origin: 0,
            configuration: EventFeedConfiguration(eventsPerUser: 4, maximumUsers: 100, maximumEvents: 6)
        )

        // When: three users get three events each
        for user in ["ada", "grace", "linus"] {
            for _ in 0..<3 { buffer.append(user: user, payload: user) }
        }

        // Then: ada, the least recently active, was dropped
        #expect(buffer.eventCount == 6)
        #expect(buffer.userCount == 2)
        #expect(buffer.resume(user: "ada", after: 0) == .resyncRequired)
        #expect(payloads(buffer.resume(user: "linus", after: 6)) == ["linus", "linus", "linus"])
    }

    @Test("after events were lost upstream, every earlier id resyncs, even one that had seen everything")
    func forgetAll() {
        // Given: ada has seen everything; grace saw her first event only
        var buffer = Buffer(origin: 0)
        let adaLast = buffer.append(user: "ada", payload: "a")
        let graceFirst = buffer.append(user: "grace", payload: "g1")
        buffer.append(user: "grace", payload: "g2")

        // When: a service's events were lost before they got ids
        let lossID = buffer.forgetAll()

        // Then: the loss has an id of its own, both resync, and the feed goes on after it
        #expect(lossID == 4 && buffer.lastAssignedID == 4)
        #expect(buffer.resume(user: "ada", after: adaLast) == .resyncRequired)
        #expect(buffer.resume(user: "grace", after: graceFirst) == .resyncRequired)
        #expect(buffer.eventCount == 0 && buffer.userCount == 0)
        let next = buffer.append(user: "ada", payload: "b")
        #expect(payloads(buffer.resume(user: "ada", after: lossID)) == ["b"])
        #expect(next == 5)
    }

    @Test("over random appends and reconnects, a resume never loses or repeats an event", arguments: randomSeeds)
    func randomizedNoLossNoRepeat(seed: UInt64) {
        // Given: a small buffer and a complete record of every event
        var random = SeededGenerator(seed: seed)
        let configuration = EventFeedConfiguration(eventsPerUser: 8, maximumUsers: 4, maximumEvents: 20)
        var buffer = EventFeedBuffer<Int>(origin: 100, configuration: configuration)
        let users = (0..<6).map { "user-\($0)" }
        var allEvents: [String: [FeedEvent<Int>]] = [:]
        var cursors: [String: UInt64] = [:]
        var served = 0
        var servedNonEmpty = 0

        for step in 0..<5_000 {
            let user = users.randomElement(using: &random)!
            if Int.random(in: 0..<3, using: &random) > 0 {
                // When: an event
                let id = buffer.append(user: user, payload: step)
                #expect(id > allEvents[user]?.last?.id ?? 0)
                allEvents[user, default: []].append(FeedEvent(id: id, payload: step))
            } else {
                // When: a reconnect, usually with the client's cursor, sometimes with any id at all
                let cursor =
                    Bool.random(using: &random)
                    ? cursors[user] ?? 100 : UInt64.random(in: 0...buffer.lastAssignedID + 2, using: &random)
                switch buffer.resume(user: user, after: cursor) {
                case .events(let events):
                    // Then: exactly the events after the cursor
                    #expect(events == (allEvents[user] ?? []).filter { $0.id > cursor })
                    cursors[user] = events.last?.id ?? cursor
                    served += 1
                    if !events.isEmpty { servedNonEmpty += 1 }
                case .resyncRequired:
                    cursors[user] = buffer.lastAssignedID
                }
            }
            #expect(buffer.eventCount <= 20 && buffer.userCount <= 4)
        }
        // And: the check was not vacuous
        #expect(served > 300 && servedNonEmpty > 150)
    }
}
