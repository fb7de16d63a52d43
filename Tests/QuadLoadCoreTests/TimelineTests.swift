import Testing

@testable import QuadLoadCore

@Suite("Timeline")
struct TimelineTests {
    static let second: UInt64 = 1_000_000_000
    static let millisecond: UInt64 = 1_000_000

    @Test("counts land in the second they happened in, warm-up is flagged and quiet seconds still appear")
    func bucketsPerSecond() {
        // Given 2 s of warm-up
        var timeline = Timeline(warmUpSeconds: 2)
        // When arrivals are offered, started and dropped in seconds 0, 1 and 4
        timeline.offered(at: 0)
        timeline.started(at: 10 * Self.millisecond)
        timeline.offered(at: Self.second + 1)
        timeline.dropped(at: Self.second + 2)
        timeline.offered(at: 4 * Self.second + 999_999_999)
        timeline.started(at: 4 * Self.second + 999_999_999)
        // Then there are five buckets, the first two warm-up, seconds 2 and 3 empty
        let buckets = timeline.buckets
        #expect(buckets.map(\.second) == [0, 1, 2, 3, 4])
        #expect(buckets.map(\.warmUp) == [true, true, false, false, false])
        #expect(buckets.map(\.offered) == [1, 1, 0, 0, 1])
        #expect(buckets.map(\.started) == [1, 0, 0, 0, 1])
        #expect(buckets.map(\.dropped) == [0, 1, 0, 0, 0])
        #expect(buckets[2] == TimelineBucket(second: 2, warmUp: false))
    }

    @Test("finished calls count as completed or failed in the second they finished, with that second's p99")
    func finishedAndP99() throws {
        var timeline = Timeline(warmUpSeconds: 0)
        // Given 100 calls finishing in second 3 with corrected latencies 1 ... 100 ms, one of them failed,
        // and a call that started late (sent 200 ms after intended) finishing in second 5
        for latency in 1...100 {
            let finished = 3 * Self.second + UInt64(latency) * Self.millisecond
            let intended = finished - UInt64(latency) * Self.millisecond
            let status = latency == 50 ? "UNAVAILABLE" : "OK"
            timeline.finished(
                CallSample(name: "jobs.Get", intended: intended, sent: intended, finished: finished, status: status)
            )
        }
        timeline.finished(
            CallSample(
                name: "jobs.Get",
                intended: 5 * Self.second,
                sent: 5 * Self.second + 200 * Self.millisecond,
                finished: 5 * Self.second + 210 * Self.millisecond,
                status: "OK"
            )
        )
        let buckets = timeline.buckets
        // Then second 3 has 99 completed and 1 failed, and a p99 of 99 ms (to the timeline's 1% precision)
        #expect(buckets[3].completed == 99)
        #expect(buckets[3].failed == 1)
        let p99 = try #require(buckets[3].p99)
        #expect(abs(p99 - 99) <= 1)
        // And second 5's p99 is measured from the intended start, and seconds with no calls have none
        let late = try #require(buckets[5].p99)
        #expect(abs(late - 210) <= 2.1)
        #expect(buckets[4].p99 == nil)
    }

    @Test("merging timelines adds their counts second by second")
    func merge() {
        var a = Timeline(warmUpSeconds: 1)
        var b = Timeline(warmUpSeconds: 1)
        a.offered(at: 0)
        b.offered(at: 0)
        b.offered(at: 3 * Self.second)
        a.merge(b)
        #expect(a.buckets.map(\.offered) == [2, 0, 0, 1])
    }
}
