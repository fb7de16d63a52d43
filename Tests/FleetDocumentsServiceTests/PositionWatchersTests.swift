import QuadTestSupport
import Testing

@testable import FleetDocumentsService

/// Dispatchers watching their drivers live (F5): only their organisation's, each driver's newest, never a backlog,
/// and a watch that ends leaves nothing behind.
@Suite("Position watchers (F5)")
struct PositionWatchersTests {
    @Test("a watcher sees its organisation's drivers only, and a slow one gets each driver's newest position")
    func organisationAndCoalescing() async throws {
        let watchers = PositionWatchers<String>()
        try await watchers.watch("org-a") { subscription in
            watchers.publish("d1@1", driver: "d1", recordedAt: 1, organisations: ["org-a"])
            watchers.publish("x@1", driver: "x", recordedAt: 1, organisations: ["org-b"])
            watchers.publish("d1@2", driver: "d1", recordedAt: 2, organisations: ["org-a"])
            watchers.publish("d2@1", driver: "d2", recordedAt: 1, organisations: ["org-b", "org-a"])
            #expect(await subscription.next() == ["d1@2", "d2@1"])
            // Nothing waits now: the next read waits for the next position.
            async let next = subscription.next()
            try await Wait.until("a reader waiting") { watchers.waitingReaders > 0 }
            watchers.publish("d2@2", driver: "d2", recordedAt: 2, organisations: ["org-a"])
            #expect(await next == ["d2@2"])
        }
        #expect(watchers.count == 0)
    }

    @Test("two watchers of one organisation each get every position; a cancelled read returns nil")
    func fanOutAndCancel() async throws {
        let watchers = PositionWatchers<Int>()
        try await watchers.watch("org") { first in
            try await watchers.watch("org") { second in
                #expect(watchers.count == 2)
                watchers.publish(7, driver: "d", recordedAt: 7, organisations: ["org"])
                #expect(await first.next() == [7])
                #expect(await second.next() == [7])
                let reading = Task { await first.next() }
                try await Wait.until("a reader waiting") { watchers.waitingReaders > 0 }
                reading.cancel()
                #expect(await reading.value == nil)
            }
        }
        #expect(watchers.count == 0)
        // Publishing with nobody watching keeps nothing.
        watchers.publish(8, driver: "d", recordedAt: 8, organisations: ["org"])
        #expect(watchers.count == 0)
    }
}
