import Foundation
import QuadLoad
import QuadBuiltInContracts
import QuadLoadCore
import QuadWireNIO
import Synchronization
import Testing

/// The scheduler against a real server over TLS: it keeps its rate whatever the server does, and its
/// corrected figures tell the truth about a stall.
///
/// These judge wall-clock latencies, so they need the machine to themselves: in one `swift test` with
/// every other suite (services, system tests) sharing 2 cores and the process's 2 cooperative threads,
/// calls wait seconds for a thread and the figures measure the test run, not the harness. They run
/// when `QUAD_TIMING_TESTS=1`, which `.ci/run` sets for a step of their own after the full run:
/// `QUAD_TIMING_TESTS=1 swift test --skip-build --filter OpenLoopRunnerTests`.
@Suite(
    "quad-load: open-loop arrivals against a fake target",
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["QUAD_TIMING_TESTS"] == "1",
        "set QUAD_TIMING_TESTS=1 on a quiet machine"
    )
)
struct OpenLoopRunnerTests {
    @Test("a 500 ms stall: arrivals keep their rate, the corrected p90 shows the stall, the uncorrected one hides it")
    func stall() async throws {
        let stall = Stall(length: .milliseconds(500))
        let outcome = try await FakeTarget.run(answer: { stall.answer($0, startingAt: 100) }) { fake in
            let client = try fake.target.client(connections: 2)
            defer { client.close() }
            try await fake.target.check(client)
            // 4 journeys at most in flight, as a closed-loop tool with 4 connections would have:
            // during the stall, arrivals wait for a slot and start late.
            let plan = RunPlan(
                rate: 200,
                process: .constant,
                duration: .seconds(2),
                warmUp: .zero,
                maxInFlight: 4,
                dropAfter: .seconds(5)
            )
            return await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix.parse("ping"),
                transport: client,
                population: .empty
            ).run()
        }
        let result = outcome.result
        // Every arrival of the schedule was offered and started: the stall did not slow the schedule.
        #expect(result.offered == 400)
        #expect(result.started == 400)
        #expect(result.dropped == 0)
        #expect(result.timeline.filter { !$0.warmUp }.prefix(2).map(\.offered) == [200, 200])
        let ping = try #require(result.methods.first { $0.name == "health.Check" })
        #expect(ping.count == 400)
        #expect(ping.ok == 400)
        // About 100 arrivals fell in the stall and waited up to 500 ms: a quarter of the calls.
        #expect(ping.corrected.p90 >= 250, "corrected p90 \(ping.corrected.p90) ms")
        #expect(ping.corrected.max >= 400, "corrected max \(ping.corrected.max) ms")
        // Only the 4 calls the server held saw the stall once sent.
        #expect(ping.uncorrected.max >= 400, "uncorrected max \(ping.uncorrected.max) ms")
        // (Bounds with room for a loaded 2-core machine running other tests at once.)
        #expect(ping.uncorrected.p90 < 150, "uncorrected p90 \(ping.uncorrected.p90) ms")
        #expect(
            result.harness.schedulingLag.p99 < 250,
            "the scheduler itself was not late: \(result.harness.schedulingLag)"
        )
    }

    @Test("latencies drawn from a known distribution come out at its percentiles")
    func knownDistribution() async throws {
        // Call n takes delays[n]: uniform 0...100 ms from a fixed seed.
        var generator = SplitMix64(seed: 42)
        let delays = (0..<300).map { _ in Double(generator.next() % 100_001) / 1_000 }
        let outcome = try await FakeTarget.run(answer: {
            .after(.microseconds(Int64(delays[min($0, delays.count - 1)] * 1_000)))
        }) { fake in
            let client = try fake.target.client(connections: 2)
            defer { client.close() }
            let plan = RunPlan(rate: 100, process: .constant, duration: .seconds(3), warmUp: .zero)
            return await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix.parse("ping"),
                transport: client,
                population: .empty
            ).run()
        }
        let ping = try #require(outcome.result.methods.first { $0.name == "health.Check" })
        #expect(ping.count == 300)
        let sorted = delays.sorted()
        func quantile(_ q: Double) -> Double { sorted[Int((q * Double(sorted.count)).rounded(.up)) - 1] }
        // Each measured percentile is the delay's plus the round trip and timer slack, never less than the
        // delay (HdrHistogram keeps 0.1%). The slack allowed: 25 ms at p50 and p90 on a loaded 2-core
        // machine running other tests; at p99 (3 calls of 300) one stall of the machine shows, so 250 ms.
        for (measured, q, slack) in [
            (ping.corrected.p50, 0.5, 25.0), (ping.corrected.p90, 0.9, 25), (ping.corrected.p99, 0.99, 250),
        ] {
            #expect(measured >= quantile(q) * 0.999, "p\(q * 100): measured \(measured) ms, delays' \(quantile(q)) ms")
            #expect(measured <= quantile(q) + slack, "p\(q * 100): measured \(measured) ms, delays' \(quantile(q)) ms")
        }
        #expect(ping.corrected.max >= sorted.last! * 0.999)
    }

    @Test("calls that fail are counted by status and kept as failures; the run goes on")
    func failuresAreKept() async throws {
        let outcome = try await FakeTarget.run(answer: { $0 % 10 == 3 ? .refuse(.unavailable) : .now }) { fake in
            let client = try fake.target.client(connections: 1)
            defer { client.close() }
            let plan = RunPlan(rate: 100, process: .constant, duration: .seconds(1), warmUp: .zero)
            return await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix.parse("ping"),
                transport: client,
                population: .empty
            ).run()
        }
        let ping = try #require(outcome.result.methods.first { $0.name == "health.Check" })
        #expect(ping.count == 100)
        #expect(ping.errors == ["UNAVAILABLE": 10])
        #expect(outcome.failureCount == 10)
        let first = try #require(outcome.failures.first)
        #expect(first.journey == "ping")
        #expect(first.method == "health.Check")
        #expect(first.status == "UNAVAILABLE")
        #expect(first.message.contains("refused by the fake target"))
        let journeys = try #require(outcome.result.journeys.first { $0.name == "ping" })
        #expect(journeys.errors == ["UNAVAILABLE": 10])
    }

    @Test("a wait in the world (session.wait, a taxi leaving) is not counted in the next call's latency")
    func worldWaitIsNotLatency() async throws {
        let outcome = try await FakeTarget.run(answer: { _ in .now }) { fake in
            let client = try fake.target.client(connections: 1)
            defer { client.close() }
            let plan = RunPlan(rate: 5, process: .constant, duration: .seconds(1), warmUp: .zero)
            return await OpenLoopRunner(
                plan: plan,
                mix: try JourneyMix([(WaitThenPing(), 1)]),
                transport: client,
                population: .empty
            ).run()
        }
        let ping = try #require(outcome.result.methods.first { $0.name == "health.Check" })
        // Five journeys; the report keeps the calls due within the measured second, so some of the second pings too
        #expect(ping.count > 5 && ping.ok == ping.count, "\(ping.count) calls, \(ping.ok) answered")
        // Each journey pings, waits 400 ms in the world, pings again: the second call is due when the wait ends.
        #expect(ping.corrected.max < 200, "corrected max \(ping.corrected.max) ms")
    }
}

/// Pings, waits 400 ms in the world, pings again.
private struct WaitThenPing: Journey {
    let name = "wait-then-ping"

    func run(_ session: JourneySession) async throws {
        let health = Quad_Health_V1_Health.Client(transport: session.transport)
        _ = try await session.call("health.Check") { try await health.check(.init(), options: $0) }
        try await session.wait(until: Date().addingTimeInterval(0.4))
        _ = try await session.call("health.Check") { try await health.check(.init(), options: $0) }
    }
}
