import GatewayDomain
import GatewayService
import NIOCore
import QuadBuiltInContracts
import QuadWire
import QuadWireCore
import QuadWireNIO
import Testing

/// Issue 11, item 6: the gateway's admission limit can no longer be captured by one client's
/// burst, one flooding client or one stalled upstream.
@Suite("Gateway: admission that one client or one upstream cannot capture")
struct AdmissionTests {
    /// Runs `call` and answers its status code (OK or the error's).
    static func code(_ call: @Sendable () async throws -> Void) async -> StatusCode {
        do {
            try await call()
            return .ok
        } catch {
            return RPCError.from(error).code
        }
    }

    /// Lets the calls under test move on; throws once the test is cancelled (its time limit), so
    /// a wait for a state that never comes ends with the test instead of spinning on.
    static func yield() async throws {
        try Task.checkCancellation()
        await Task.yield()
    }

    @Test(
        "1,000 Health/Check calls pipelined on one connection to an idle gateway all succeed",
        .timeLimit(.minutes(2))
    )
    func pipelinedBurst() async throws {
        var protection = GatewayProtectionConfiguration.defaults
        protection.rateLimits.perAddress = .perSecond(1_000_000, burst: 1_000_000)
        try await ProtectedGateway.run(protection: protection) { gateway in
            // Given: one connection, as an app that pipelines
            let client = try gateway.client(from: "127.0.0.1", connections: 1)
            defer { client.close() }
            let health = Quad_Health_V1_Health.Client(transport: client)

            // When: 1,000 checks are sent at once
            let codes = await withTaskGroup(of: StatusCode.self) { group in
                for _ in 0..<1_000 { group.addTask { await Self.code { _ = try await health.check(.init()) } } }
                return await group.reduce(into: [StatusCode]()) { $0.append($1) }
            }

            // Then: the burst waited its turn (the connection's limit held it back, the queue
            // absorbed the rest); none was refused
            #expect(codes.count == 1_000)
            #expect(
                codes.filter { $0 != .ok }.isEmpty,
                "refused: \(Dictionary(grouping: codes.filter { $0 != .ok }, by: \.self).mapValues(\.count))"
            )
            #expect(gateway.gateway.admission?.concurrency(of: "gateway").inflight == 0)
        }
    }

    @Test(
        "calls waiting on a stalled upstream fill its share only: every call to another upstream succeeds",
        .timeLimit(.minutes(2))
    )
    func stalledUpstream() async throws {
        // All calls come from one address, on a clock that does not move: no rate limit here. The
        // held calls must not reach their deadline (real time) on a slow machine, or their slots
        // would free and waiting calls reach the stalled upstream.
        var protection = GatewayProtectionConfiguration.defaults
        protection.rateLimits.perAddress = .perSecond(1_000_000, burst: 1_000_000)
        protection.deadlines = DeadlinePolicy(defaultTimeout: .seconds(600), maximumTimeout: .seconds(600))
        try await ProtectedGateway.run(protection: protection) { gateway in
            let admission = try #require(gateway.gateway.admission)
            try await withThrowingTaskGroup(of: StatusCode.self) { stalled in
                // Given: flaky stops answering, with 40 calls sent to it: its share's 16 slots
                // are held, and 24 calls wait
                for _ in 0..<40 {
                    stalled.addTask { await Self.code { _ = try await gateway.call(FlakyService.hang) } }
                }
                while gateway.upstream.hanging < 16 || admission.concurrency(of: "flaky").queued < 24 {
                    try await Self.yield()
                }

                // When: 200 calls go to steady meanwhile
                let steady = await withTaskGroup(of: StatusCode.self) { group in
                    for index in 0..<200 {
                        group.addTask {
                            await Self.code {
                                let answer = try await gateway.call(SteadyService.echo, "\(index)")
                                #expect(answer == "\(index)")
                            }
                        }
                    }
                    return await group.reduce(into: [StatusCode]()) { $0.append($1) }
                }

                // Then: every one succeeded; flaky's calls never reached past its share
                #expect(steady.filter { $0 != .ok }.isEmpty, "refused: \(steady.filter { $0 != .ok })")
                #expect(gateway.upstream.hanging == 16)

                // When: the waiting calls have waited longer than the queue allows, the next call
                // to flaky refuses them (and waits itself)
                gateway.clock.advance(by: .milliseconds(150))
                stalled.addTask { await Self.code { _ = try await gateway.call(FlakyService.hang) } }
                while admission.concurrency(of: "flaky").queued != 1 { try await Self.yield() }

                // Then: once flaky answers again, the held calls and the last one finish
                gateway.upstream.releaseHanging()
                let codes = try await stalled.reduce(into: [StatusCode]()) { $0.append($1) }
                #expect(codes.filter { $0 == .ok }.count == 17)
                #expect(codes.filter { $0 == .resourceExhausted }.count == 24)
            }
            #expect(admission.concurrency(of: "flaky").inflight == 0)
        }
    }

    @Test(
        "a client flooding the queue does not crowd out another client: its calls take the flooder's newest places",
        .timeLimit(.minutes(2))
    )
    func floodingClient() async throws {
        let limit = ConcurrencyLimitConfiguration(
            initialLimit: 4,
            minimumLimit: 4,
            maximumLimit: 4,
            latencyThreshold: .milliseconds(2)
        )
        // The flooder's held calls must not reach their deadline (real time) on a slow machine.
        var protection = GatewayProtectionConfiguration.defaults
        protection.deadlines = DeadlinePolicy(defaultTimeout: .seconds(600), maximumTimeout: .seconds(600))
        try await ProtectedGateway.run(
            protection: protection,
            admission: limit,
            admissionQueue: AdmissionQueueConfiguration(capacity: 16)
        ) { gateway in
            let admission = try #require(gateway.gateway.admission)
            let flooder = try gateway.client(from: "127.0.0.2")
            let other = try gateway.client(from: "127.0.0.3")
            defer {
                flooder.close()
                other.close()
            }
            try await withThrowingTaskGroup(of: StatusCode.self) { flood in
                // Given: one client holds the 4 slots and fills the queue of 16, and has 40 more refused
                for _ in 0..<60 {
                    flood.addTask {
                        await Self.code {
                            _ = try await flooder.unary(
                                FlakyService.hang,
                                request: ByteBuffer(string: "f"),
                                options: .defaults
                            )
                        }
                    }
                }
                while gateway.upstream.hanging < 4 || admission.queued(in: "flaky", from: "127.0.0.2") < 16 {
                    try await Self.yield()
                }

                // When: another client calls the same upstream 5 times
                let calls = Task {
                    await withTaskGroup(of: StatusCode.self) { group in
                        for _ in 0..<5 {
                            group.addTask {
                                await Self.code {
                                    _ = try await other.unary(
                                        FlakyService.idempotent,
                                        request: ByteBuffer(string: "o"),
                                        options: .defaults
                                    )
                                }
                            }
                        }
                        return await group.reduce(into: [StatusCode]()) { $0.append($1) }
                    }
                }
                // Then: its calls wait in places taken from the flooder, not refused
                while admission.queued(in: "flaky", from: "127.0.0.3") < 5 { try await Self.yield() }
                #expect(admission.queued(in: "flaky", from: "127.0.0.2") == 11)

                gateway.upstream.releaseHanging()
                let otherCodes = await calls.value
                #expect(otherCodes == Array(repeating: .ok, count: 5))
                let floodCodes = try await flood.reduce(into: [StatusCode]()) { $0.append($1) }
                #expect(floodCodes.filter { $0 == .ok }.count == 15)
                #expect(floodCodes.filter { $0 == .resourceExhausted }.count == 45)
            }
        }
    }
}
