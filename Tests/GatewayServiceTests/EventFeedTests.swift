import GatewayDomain
import GatewayService
import IdentityTestSupport
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// Reads one Subscribe stream a message at a time.
struct FeedReader {
    var iterator: RequestStream<Quad_Gateway_V1_FeedMessage>.AsyncIterator

    /// The next message; fails the test's call if the stream ended.
    mutating func next() async throws -> Quad_Gateway_V1_FeedMessage {
        guard let message = try await iterator.next() else {
            throw RPCError(code: .internal, message: "the feed ended")
        }
        return message
    }

    /// The next message, which must be an event; its first name when it is a ProfileChanged.
    mutating func nextEvent() async throws -> Quad_Gateway_V1_FeedEvent {
        let message = try await next()
        guard case .event(let event) = message.kind else {
            throw RPCError(code: .internal, message: "expected an event, got \(message)")
        }
        return event
    }
}

@Suite("Gateway: the event feed (G3)")
struct EventFeedTests {
    /// Subscribes as the session's user and runs `body` over the feed; the call ends when it returns.
    static func subscribe<T: Sendable>(
        _ harness: GatewayHarness,
        _ session: Quad_Identity_V1_Session,
        lastEventID: UInt64? = nil,
        _ body: @escaping @Sendable (inout FeedReader) async throws -> T
    ) async throws -> T {
        let request = Quad_Gateway_V1_SubscribeRequest.with { if let lastEventID { $0.lastEventID = lastEventID } }
        return try await harness.home.subscribe(request, options: IdentityHarness.bearer(session)) { stream in
            var reader = FeedReader(iterator: stream.makeAsyncIterator())
            return try await body(&reader)
        }
    }

    static func rename(_ harness: GatewayHarness, _ session: Quad_Identity_V1_Session, _ name: String) async throws {
        _ = try await harness.client.updateMyProfile(
            .with { $0.firstName = name },
            options: IdentityHarness.bearer(session)
        )
    }

    static func firstName(_ event: Quad_Gateway_V1_FeedEvent) throws -> String {
        #expect(event.type == "quad.identity.v1.ProfileChanged")
        return try Quad_Identity_V1_ProfileChanged(serializedBytes: event.payload).profile.firstName
    }

    @Test("a change reaches the user's open feed as it happens, with its source, type and payload")
    func live() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let event = try await Self.subscribe(harness, session) { feed in
                let first = try await feed.next()
                #expect(first.subscribed.resyncRequired == false)
                #expect(first.subscribed.currentEventID > 0)
                try await Self.rename(harness, session, "Bea")
                return try await feed.nextEvent()
            }
            #expect(event.source == "identity")
            #expect(try Self.firstName(event) == "Bea")
            #expect(event.occurredAtMicros > 0)
        }
    }

    @Test("the feed resumes after a reconnect without losing or repeating an event")
    func resume() async throws {
        try await GatewayHarness.run { harness in
            // Given: the app saw one event, then lost its connection
            let session = try await harness.registerAndLogIn()
            let seen = try await Self.subscribe(harness, session) { feed in
                _ = try await feed.next()
                try await Self.rename(harness, session, "Bea")
                return try await feed.nextEvent()
            }

            // When: two changes happen while it is away, and it reconnects with the last id it saw
            try await Self.rename(harness, session, "Cleo")
            try await Self.rename(harness, session, "Dora")
            let (subscribed, missed, live) = try await Self.subscribe(harness, session, lastEventID: seen.id) { feed in
                let subscribed = try await feed.next()
                let missed = [try await feed.nextEvent(), try await feed.nextEvent()]
                try await Self.rename(harness, session, "Edna")
                return (subscribed, missed, try await feed.nextEvent())
            }

            // Then: exactly the two missed events, in order, then the live one; ids keep increasing
            #expect(subscribed.subscribed.resyncRequired == false)
            #expect(try missed.map(Self.firstName) == ["Cleo", "Dora"])
            #expect(try Self.firstName(live) == "Edna")
            #expect(seen.id < missed[0].id && missed[0].id < missed[1].id && missed[1].id < live.id)
        }
    }

    @Test("an id the gateway cannot account for (an earlier run's, or a future one) is told to resync")
    func staleID() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            for id: UInt64 in [1, .max] {
                let first = try await Self.subscribe(harness, session, lastEventID: id) { feed in try await feed.next()
                }
                #expect(first.subscribed.resyncRequired == true)
            }
        }
    }

    @Test("a user's feed holds only their own events")
    func isolation() async throws {
        try await GatewayHarness.run { harness in
            let ada = try await harness.registerAndLogIn("ada@northfield.edu")
            let bob = try await harness.registerAndLogIn("bob@northfield.edu")
            let event = try await Self.subscribe(harness, bob) { feed in
                _ = try await feed.next()
                try await Self.rename(harness, ada, "Bea")
                try await Self.rename(harness, bob, "Bert")
                return try await feed.nextEvent()
            }
            #expect(try Self.firstName(event) == "Bert")
        }
    }

    @Test("a revoked session is in the feed, naming the session")
    func sessionRevoked() async throws {
        try await GatewayHarness.run { harness in
            let session = try await harness.registerAndLogIn()
            let event = try await Self.subscribe(harness, session) { feed in
                _ = try await feed.next()
                _ = try await harness.client.logout(
                    .with { $0.refreshToken = session.refreshToken },
                    options: IdentityHarness.bearer(session)
                )
                return try await feed.nextEvent()
            }
            #expect(event.type == "quad.identity.v1.SessionRevoked")
            #expect(try Quad_Identity_V1_SessionRevoked(serializedBytes: event.payload).sessionID == session.sessionID)
        }
    }

    @Test("Subscribe needs a signed-in user")
    func needsToken() async throws {
        try await GatewayHarness.run { harness in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.home.subscribe(.init(), options: .defaults) { stream in
                    for try await _ in stream {}
                }
            }
            #expect(error?.code == .unauthenticated)
        }
    }

    @Test("services' event sources are not routed to apps")
    func eventSourceNotRouted() async throws {
        try await GatewayHarness.run { harness in
            #expect(harness.gateway.routes.route(for: Quad_Identity_V1_Identity.Method.watchEvents.fullName) == nil)
            #expect(
                harness.gateway.routes.eventSources.map(\.method) == [
                    Quad_Freight_V1_Freight.Method.watchEvents, Quad_Households_V1_Households.Method.watchEvents,
                    Quad_Identity_V1_Identity.Method.watchEvents,
                    Quad_Jobs_V1_Jobs.Method.watchEvents,
                    Quad_Matching_V1_Matching.Method.watchEvents, Quad_Payments_V1_Payments.Method.watchEvents,
                ]
            )
            let session = try await harness.registerAndLogIn()
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.watchEvents(
                    .with { $0.fromNow = true },
                    options: IdentityHarness.bearer(session)
                ) { stream in
                    for try await _ in stream {}
                }
            }
            #expect(error?.code == .unimplemented)
        }
    }

    @Test("when a stream of identity's events ends, the gateway resumes it and loses no event")
    func followerResumes() async throws {
        // The gateway renews its stream of identity's events every 200 ms: it is cut again and again
        try await GatewayHarness.run(eventStreamRenewal: .milliseconds(200)) { harness in
            let session = try await harness.registerAndLogIn()
            let names = ["Bea", "Cleo", "Dora", "Edna"]
            let received = try await Self.subscribe(harness, session) { feed in
                _ = try await feed.next()
                var received: [String] = []
                for (index, name) in names.enumerated() {
                    // Each change is made after one more of identity's streams started (a resumed one)
                    await harness.gateway.events.waitForStarts(of: "identity", count: index + 2)
                    try await Self.rename(harness, session, name)
                    received.append(try Self.firstName(try await feed.nextEvent()))
                }
                return received
            }
            #expect(received == names)
        }
    }

    @Test("a subscriber that stops reading is ended with RESOURCE_EXHAUSTED once its queue is full, and resumes")
    func slowSubscriber() async throws {
        var protection = GatewayProtectionConfiguration.defaults
        protection.eventFeed = EventFeedConfiguration(eventsPerUser: 60, maximumUsers: 100, maximumEvents: 1_000)
        protection.rateLimits.perUser = .perSecond(10_000, burst: 10_000)
        protection.rateLimits.perAddress = .perSecond(10_000, burst: 10_000)
        try await GatewayHarness.run(protection: protection) { harness in
            let session = try await harness.registerAndLogIn()
            let names = (0..<120).map { "Ann" + String(repeating: "a", count: $0 % 40) + "e" }
            // Given: a subscriber that reads `subscribed`, then nothing while 120 changes happen
            let (read, error) = try await Self.subscribe(harness, session) { feed in
                _ = try await feed.next()
                for name in names { try await Self.rename(harness, session, name) }
                // The hub dropped it (the wire's credit window and its queue are full)
                #expect(harness.gateway.events.subscriptionCount == 0)
                var read: [Quad_Gateway_V1_FeedEvent] = []
                do {
                    while true { read.append(try await feed.nextEvent()) }
                } catch let error as RPCError {
                    return (read, error)
                }
            }
            // Then: what was queued arrives, then RESOURCE_EXHAUSTED saying how to resume
            #expect(error.code == .resourceExhausted)
            #expect(error.message.contains("last_event_id"))
            #expect(read.count < names.count)
            #expect(try read.map(Self.firstName) == Array(names.prefix(read.count)))

            // And: resuming with the last id read gets the rest
            let rest = try await Self.subscribe(harness, session, lastEventID: read.last!.id) { feed in
                let subscribed = try await feed.next()
                #expect(subscribed.subscribed.resyncRequired == false)
                var rest: [String] = []
                while rest.count < names.count - read.count {
                    rest.append(try Self.firstName(try await feed.nextEvent()))
                }
                return rest
            }
            #expect(rest == Array(names.suffix(rest.count)))
        }
    }
}
