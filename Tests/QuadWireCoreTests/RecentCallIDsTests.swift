@testable import QuadWireCore
import Testing

/// The ids a connection remembers after its calls end: bounded, oldest forgotten first, and
/// only as large as the calls that ended (an idle connection holds no empty ring).
@Suite struct RecentCallIDsTests {
    @Test func aFreshSetHoldsNothing() {
        let recent = RecentCallIDs(capacity: 1024)
        #expect(recent.count == 0)
        #expect(!recent.contains(1))
    }

    @Test func aFewEndedCallsAreRemembered() {
        var recent = RecentCallIDs(capacity: 1024)
        for id: UInt32 in [1, 3, 5] { recent.insert(id) }
        #expect(recent.count == 3)
        #expect(recent.contains(3))
        #expect(!recent.contains(2))
    }

    @Test func beyondCapacityTheOldestAreForgotten() {
        var recent = RecentCallIDs(capacity: 4)
        for id: UInt32 in 1...6 { recent.insert(id) }
        #expect(recent.count == 4)
        #expect(!recent.contains(1))
        #expect(!recent.contains(2))
        #expect((3...6).allSatisfy { recent.contains($0) })
        recent.insert(7)
        #expect(!recent.contains(3))
        #expect(recent.contains(7))
    }

    @Test func aRemovedIdIsForgottenAndItsSlotReused() {
        var recent = RecentCallIDs(capacity: 3)
        for id: UInt32 in 1...3 { recent.insert(id) }
        recent.remove(2)
        #expect(!recent.contains(2))
        #expect(recent.count == 2)
        recent.insert(4)  // evicts 1, the oldest
        recent.insert(5)  // the removed slot: nothing left to evict
        #expect(!recent.contains(1))
        #expect(recent.contains(3))
        #expect(recent.contains(4))
        #expect(recent.contains(5))
        #expect(recent.count == 3)
    }

    @Test func insertingAnIdTwiceKeepsOne() {
        var recent = RecentCallIDs(capacity: 2)
        recent.insert(1)
        recent.insert(1)
        recent.insert(2)
        #expect(recent.count == 2)
        #expect(recent.contains(1))
    }
}
