import Foundation
import GatewayDomain
import GatewayService
import QuadContracts
import Testing

@Suite("EventFeedHub: live delivery and resume under one lock")
struct EventFeedHubTests {
    static func event(_ text: String) -> Quad_Gateway_V1_FeedEvent {
        .with {
            $0.source = "identity"
            $0.type = "test.Text"
            $0.payload = Data(text.utf8)
        }
    }

    static func take(_ subscription: EventFeedHub.Subscription, _ count: Int) async -> [Quad_Gateway_V1_FeedMessage] {
        var messages: [Quad_Gateway_V1_FeedMessage] = []
        for await message in subscription.messages {
            messages.append(message)
            if messages.count == count { break }
        }
        return messages
    }

    @Test("events lost upstream make every open subscription resync, and every earlier id too")
    func resyncAll() async {
        // Given: ada follows her feed and has seen one event
        let hub = EventFeedHub(origin: 1_000)
        let ada = hub.subscribe(user: "ada", lastEventID: nil)
        let seen = hub.publish(user: "ada", event: Self.event("a"))

        // When: a service's events were lost
        hub.requireResync()
        let after = hub.publish(user: "ada", event: Self.event("b"))

        // Then: her open feed says so between the two events, with the id to follow after
        let messages = await Self.take(ada, 4)
        #expect(messages[0].subscribed.currentEventID == 1_000)
        #expect(messages[1].event.id == seen)
        #expect(messages[2].resyncRequired.currentEventID == seen + 1)
        #expect(messages[3].event.id == after && after == seen + 2)
        ada.cancel()

        // And: reconnecting with the id seen before the loss resyncs; with the loss's id, resumes
        let stale = hub.subscribe(user: "ada", lastEventID: seen)
        #expect(await Self.take(stale, 1)[0].subscribed.resyncRequired == true)
        stale.cancel()
        let current = hub.subscribe(user: "ada", lastEventID: seen + 1)
        let resumed = await Self.take(current, 2)
        #expect(resumed[0].subscribed.resyncRequired == false)
        #expect(resumed[1].event.id == after && resumed[1].event.payload == Data("b".utf8))
        current.cancel()
        #expect(hub.subscriptionCount == 0)
    }

    @Test("a subscription whose queue is full is ended as fallen behind; others go on")
    func fallsBehind() async {
        let hub = EventFeedHub(origin: 0, configuration: EventFeedConfiguration(eventsPerUser: 3))
        let slow = hub.subscribe(user: "ada", lastEventID: nil)
        let other = hub.subscribe(user: "ada", lastEventID: nil)
        var otherSeen = 0
        for index in 0..<3 {
            hub.publish(user: "ada", event: Self.event("\(index)"))
        }
        // The queue holds `subscribed` and 3 events: both are full, one more ends them
        otherSeen = await Self.take(other, 4).count
        hub.publish(user: "ada", event: Self.event("3"))
        #expect(slow.fellBehind)
        #expect(!other.fellBehind)
        #expect(hub.subscriptionCount == 1)
        // What was queued is still delivered, then the stream ends
        var delivered = 0
        for await _ in slow.messages { delivered += 1 }
        #expect(delivered == hub.queueLimit)
        #expect(otherSeen == 4)
        other.cancel()
    }
}
