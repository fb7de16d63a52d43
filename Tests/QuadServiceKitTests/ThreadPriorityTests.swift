import NIOPosix
import QuadServiceKit
import Testing

@Suite("ThreadPriority")
struct ThreadPriorityTests {
    #if os(Linux)
        @Test("lowers only the calling thread to nice 19")
        func lowersOnlyTheCallingThread() async throws {
            // Given a pool thread and the test's own thread at their normal priority
            let pool = NIOThreadPool(numberOfThreads: 1)
            pool.start()
            let before = try await pool.runIfActive { ThreadPriority.currentThreadNiceValue }
            let ownBefore = ThreadPriority.currentThreadNiceValue

            // When the pool thread lowers itself
            let after = try await pool.runIfActive {
                ThreadPriority.lowerCurrentThreadToBackground()
                return ThreadPriority.currentThreadNiceValue
            }

            // Then it runs at nice 19 and stays there for later work; other threads are untouched
            #expect(before != 19)
            #expect(after == 19)
            #expect(try await pool.runIfActive { ThreadPriority.currentThreadNiceValue } == 19)
            #expect(ThreadPriority.currentThreadNiceValue == ownBefore)
            try await pool.shutdownGracefully()
        }
    #endif
}
