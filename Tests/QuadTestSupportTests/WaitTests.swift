import QuadTestSupport
import Synchronization
import Testing

/// A wait for another task's progress ends when it comes, and fails (rather than hangs) when it never does.
@Suite("Wait: yielding until another task's progress, with a limit")
struct WaitTests {
    @Test("returns once another task makes the condition true")
    func returnsWhenTrue() async throws {
        let done = Atomic<Bool>(false)
        async let setter: Void = { done.store(true, ordering: .relaxed) }()
        try await Wait.until("the flag set") { done.load(ordering: .relaxed) }
        await setter
        let set = done.load(ordering: .relaxed)
        #expect(set)
    }

    @Test("a condition that never holds ends in WaitTimedOut naming what was waited for")
    func timesOut() async throws {
        let error = await #expect(throws: WaitTimedOut.self) {
            try await Wait.until("a call held upstream", limit: .milliseconds(20)) { false }
        }
        #expect(error?.what == "a call held upstream")
        #expect(error?.description.contains("a call held upstream") == true)
    }

    @Test("a cancelled test's wait ends with CancellationError")
    func cancelled() async throws {
        let waiting = Task { try await Wait.until("nothing", limit: .seconds(3600)) { false } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
