import GatewayDomain
import NIOCore
import GatewayService
import QuadWire
import QuadWireNIO
import QuadTestSupport
import Testing

@Suite("Gateway: protection (G4, G5)")
struct ProtectionTests {
    @Test("an idempotent method whose upstream fails once is retried and answers")
    func retriesIdempotent() async throws {
        try await ProtectedGateway.run { gateway in
            gateway.upstream.failNext(1)
            let answer1 = try await gateway.call(FlakyService.idempotent, "again")

            #expect(answer1 == "again")
            #expect(gateway.upstream.hits == 2)
        }
    }

    @Test("a method that is not idempotent is never retried")
    func neverRetriesNonIdempotent() async throws {
        try await ProtectedGateway.run { gateway in
            gateway.upstream.failNext(1)
            let error = await #expect(throws: RPCError.self) { _ = try await gateway.call(FlakyService.notIdempotent) }
            #expect(error?.code == .unavailable)
            #expect(gateway.upstream.hits == 1)
        }
    }

    @Test("retries stop at the retry budget: a failing upstream is not hammered")
    func retryBudget() async throws {
        var protection = GatewayProtectionConfiguration.defaults
        protection.retryBudget = RetryBudgetConfiguration(retryRatio: 0.1, maximumBalance: 1)
        protection.upstreamHealth.consecutiveFailuresToEject = 1000
        try await ProtectedGateway.run(protection: protection) { gateway in
            // Given an upstream that always fails, and a budget of one retry plus 0.1 per call
            gateway.upstream.failNext(1000)
            for _ in 0..<10 {
                _ = try? await gateway.call(FlakyService.idempotent)
            }
            // Then 10 calls cost at most 10 + 1 + 10 × 0.1 attempts, not 10 × 3
            #expect(gateway.upstream.hits <= 12)
            #expect(gateway.upstream.hits >= 11)
        }
    }

    @Test("an upstream that keeps failing is ejected and skipped, then comes back after the ejection; Health follows")
    func ejection() async throws {
        try await ProtectedGateway.run { gateway in
            let health = HealthService(services: [FlakyService.serviceName])
            health.setAll(.serving)
            gateway.gateway.reportUpstreamHealth(to: health)
            // Given three UNAVAILABLE answers in a row
            gateway.upstream.failNext(3)
            for _ in 0..<3 {
                let error = await #expect(throws: RPCError.self) {
                    _ = try await gateway.call(FlakyService.notIdempotent)
                }
                #expect(error?.code == .unavailable)
            }
            #expect(gateway.upstream.hits == 3)
            guard case .ejected = gateway.gateway.proxy.upstreamGuard("flaky")?.health else {
                Issue.record("flaky is not ejected")
                return
            }
            #expect(health.status(for: FlakyService.serviceName) == .notServing)

            // When a call comes while it is ejected, it is refused without reaching it
            let skipped = await #expect(throws: RPCError.self) {
                _ = try await gateway.call(FlakyService.notIdempotent)
            }
            #expect(skipped?.code == .unavailable)
            #expect(skipped?.message.contains("not being called") == true)
            #expect(skipped?.trailers["retry-after-seconds"] != nil)
            #expect(gateway.upstream.hits == 3)

            // Then after the ejection time a trial call reaches it, and its success readmits it
            gateway.clock.advance(by: .seconds(2))
            let answer2 = try await gateway.call(FlakyService.notIdempotent, "back")

            #expect(answer2 == "back")
            #expect(gateway.upstream.hits == 4)
            #expect(gateway.gateway.proxy.upstreamGuard("flaky")?.health == .healthy)
            #expect(health.status(for: FlakyService.serviceName) == .serving)
        }
    }

    @Test("once slow calls have lowered a method's limit, calls over it are shed with RESOURCE_EXHAUSTED at once")
    func loadShedding() async throws {
        var protection = GatewayProtectionConfiguration.defaults
        protection.concurrency = ConcurrencyLimitConfiguration(initialLimit: 4, minimumLimit: 1, maximumLimit: 4)
        try await ProtectedGateway.run(protection: protection) { gateway in
            // Given: two calls that take 1 s (over the 500 ms threshold): the limit goes from 4 to 3
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 { group.addTask { _ = try await gateway.call(FlakyService.hang) } }
                try await Wait.until("two calls held upstream") { gateway.upstream.hanging >= 2 }
                gateway.clock.advance(by: .seconds(1))
                gateway.upstream.releaseHanging()
                try await group.waitForAll()
            }
            #expect(gateway.gateway.proxy.upstreamGuard("flaky")?.concurrency(of: FlakyService.hang)?.limit == 3)
            gateway.upstream.holdAgain()

            try await withThrowingTaskGroup(of: Void.self) { group in
                // Given: three calls in flight, the lowered limit
                for _ in 0..<3 { group.addTask { _ = try await gateway.call(FlakyService.hang) } }
                try await Wait.until("three calls held upstream") { gateway.upstream.hanging >= 3 }

                // When: a fourth comes, it is refused without being sent
                let error = await #expect(throws: RPCError.self) { _ = try await gateway.call(FlakyService.hang) }
                #expect(error?.code == .resourceExhausted)
                #expect(error?.message.contains("concurrency limit") == true)
                #expect(gateway.upstream.hits == 5)

                // Then: the held calls finish normally once released
                gateway.upstream.releaseHanging()
                try await group.waitForAll()
            }
            #expect(gateway.gateway.proxy.upstreamGuard("flaky")?.inflight == 0)
        }
    }

    @Test("a burst of fast calls over a method's initial limit is not shed by the upstream's guard")
    func burstNotShedByGuard() async throws {
        var protection = GatewayProtectionConfiguration.defaults
        protection.concurrency = ConcurrencyLimitConfiguration(initialLimit: 2, minimumLimit: 1, maximumLimit: 2)
        try await ProtectedGateway.run(protection: protection) { gateway in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<6 { group.addTask { _ = try await gateway.call(FlakyService.hang) } }
                try await Wait.until("six calls held upstream") { gateway.upstream.hanging >= 6 }
                #expect(gateway.gateway.proxy.upstreamGuard("flaky")?.inflight == 6)
                gateway.upstream.releaseHanging()
                try await group.waitForAll()
            }
        }
    }

    @Test(
        "at the gateway's own limit, with no queue, a call is refused as it starts, before any upstream or token work"
    )
    func gatewayAdmission() async throws {
        let admission = ConcurrencyLimitConfiguration(
            initialLimit: 1,
            minimumLimit: 1,
            maximumLimit: 1,
            latencyThreshold: .milliseconds(2)
        )
        try await ProtectedGateway.run(admission: admission, admissionQueue: AdmissionQueueConfiguration(capacity: 0)) {
            gateway in
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Given one unary call in flight, the gateway-wide limit
                group.addTask { _ = try await gateway.call(FlakyService.hang) }
                try await Wait.until("a call held upstream") { gateway.upstream.hanging >= 1 }

                // When another comes, even to another method, it is refused without reaching the upstream
                let error = await #expect(throws: RPCError.self) { _ = try await gateway.call(FlakyService.idempotent) }
                #expect(error?.code == .resourceExhausted)
                #expect(error?.message.contains("the gateway is at its limit of 1 calls in flight for flaky") == true)
                #expect(gateway.upstream.hits == 1)
                #expect(gateway.gateway.admission?.concurrency(of: "flaky").inflight == 1)

                // And a stream is exempt: it flows while the limit is full
                let counted = try await gateway.client.streamingCall(
                    FlakyService.count,
                    firstRequest: ByteBuffer(string: "3"),
                    halfClose: true,
                    options: .defaults
                ) { call in
                    var count = 0
                    for try await _ in call.responses { count += 1 }
                    return count
                }
                #expect(counted == 3)

                // Then the held call finishes and the slot is free again
                gateway.upstream.releaseHanging()
                try await group.waitForAll()
            }
            #expect(gateway.gateway.admission?.concurrency(of: "flaky").inflight == 0)
            #expect(try await gateway.call(FlakyService.idempotent) == "hi")
        }
    }

    @Test("rate limits per address refuse with the time to wait, and let calls through again after it")
    func rateLimitPerAddress() async throws {
        var protection = GatewayProtectionConfiguration.defaults
        protection.rateLimits.perAddress = .perMinute(1, burst: 3)
        try await ProtectedGateway.run(protection: protection) { gateway in
            for _ in 0..<3 { _ = try await gateway.call(FlakyService.idempotent) }
            let error = await #expect(throws: RPCError.self) { _ = try await gateway.call(FlakyService.idempotent) }
            #expect(error?.code == .resourceExhausted)
            #expect(error?.trailers["retry-after-seconds"] == "60")
            #expect(gateway.upstream.hits == 3)

            gateway.clock.advance(by: .seconds(60))
            let answer3 = try await gateway.call(FlakyService.idempotent, "later")

            #expect(answer3 == "later")
        }
    }

    @Test("calls without a valid token are rate limited by address before any verification")
    func rateLimitBeforeAuthentication() async throws {
        var protection = GatewayProtectionConfiguration.defaults
        protection.rateLimits.perAddress = .perMinute(1, burst: 3)
        try await ProtectedGateway.run(protection: protection) { gateway in
            for _ in 0..<3 {
                let error = await #expect(throws: RPCError.self) { _ = try await gateway.call(FlakyService.signedIn) }
                #expect(error?.code == .unauthenticated)
            }
            let error = await #expect(throws: RPCError.self) { _ = try await gateway.call(FlakyService.signedIn) }
            #expect(error?.code == .resourceExhausted)
            #expect(gateway.upstream.hits == 0)
        }
    }

    @Test("login is limited more strictly than other calls from the same address")
    func loginRateLimit() async throws {
        try await ProtectedGateway.run { gateway in
            // The default login policy: 5 a minute per address, burst 5
            for _ in 0..<5 { _ = try await gateway.call(FlakyService.login) }
            let error = await #expect(throws: RPCError.self) { _ = try await gateway.call(FlakyService.login) }
            #expect(error?.code == .resourceExhausted)
            #expect(error?.message.contains("login attempts") == true)
            // Other calls from the address still pass
            let answer4 = try await gateway.call(FlakyService.idempotent, "fine")

            #expect(answer4 == "fine")
        }
    }
}

@Suite("GatewayAdmission: the gateway-wide limit with a latency target")
struct GatewayAdmissionTests {
    static let read = MethodDescriptor(service: "quad.test.v1.T", method: "Read", kind: .unary)
    static let watch = MethodDescriptor(service: "quad.test.v1.T", method: "Watch", kind: .serverStreaming)

    /// No queue: these tests are about the limit itself.
    static func admission(_ clock: TestClock) -> GatewayAdmission {
        GatewayAdmission(
            configuration: ConcurrencyLimitConfiguration(
                initialLimit: 8,
                minimumLimit: 2,
                maximumLimit: 100,
                latencyThreshold: .milliseconds(2)
            ),
            queue: AdmissionQueueConfiguration(capacity: 0),
            clock: clock.clock
        )
    }

    static func permit(_ decision: CallAdmissionDecision) -> CallAdmissionPermit? {
        if case .admitted(let permit) = decision { permit } else { nil }
    }

    @Test("calls queued past three times their unloaded time lower the limit; fast ones raise it")
    func latencyTarget() throws {
        let clock = TestClock(waitsAdvance: true)
        let admission = Self.admission(clock)
        // Given: a read takes 1 ms alone
        let alone = try #require(
            Self.permit(admission.admit(Self.read, peerHost: "10.0.0.1", metadata: [:], waiter: { UnusedWaiter() }))
        )
        clock.advance(by: .milliseconds(1))
        admission.callEnded(alone, code: .ok)

        // When: 8 reads at once each take 10 ms
        let slow = (0..<8).compactMap { _ in
            Self.permit(admission.admit(Self.read, peerHost: "10.0.0.1", metadata: [:], waiter: { UnusedWaiter() }))
        }
        #expect(slow.count == 8)
        #expect(
            {
                if case .refused = admission.admit(
                    Self.read,
                    peerHost: "10.0.0.1",
                    metadata: [:],
                    waiter: { UnusedWaiter() }
                ) {
                    true
                } else {
                    false
                }
            }()
        )
        clock.advance(by: .milliseconds(10))
        for permit in slow { admission.callEnded(permit, code: .ok) }

        // Then: the limit came down
        let lowered = admission.concurrency(of: "gateway").limit
        #expect(lowered < 8)

        // When: calls at the limit take 1.5 ms (under the 2 ms threshold)
        for _ in 0..<20 {
            let permits = (0..<lowered).compactMap { _ in
                Self.permit(admission.admit(Self.read, peerHost: "10.0.0.1", metadata: [:], waiter: { UnusedWaiter() }))
            }
            clock.advance(by: .microseconds(1_500))
            for permit in permits { admission.callEnded(permit, code: .ok) }
        }
        // Then: it climbs again
        #expect(admission.concurrency(of: "gateway").limit > lowered)
        #expect(admission.concurrency(of: "gateway").inflight == 0)
    }

    @Test("a fast refusal (a rate limit, a bad token) is no sign of overload; a cancelled call teaches nothing")
    func statusesAreNotOverload() {
        let clock = TestClock(waitsAdvance: true)
        let admission = Self.admission(clock)
        let permits = (0..<8).compactMap { _ in
            Self.permit(admission.admit(Self.read, peerHost: "10.0.0.1", metadata: [:], waiter: { UnusedWaiter() }))
        }
        for (index, permit) in permits.enumerated() {
            admission.callEnded(permit, code: index.isMultiple(of: 2) ? .resourceExhausted : .cancelled)
        }
        #expect(admission.concurrency(of: "gateway").limit >= 8)
    }

    @Test("streams take no slot")
    func streamsExempt() {
        let admission = Self.admission(TestClock(waitsAdvance: true))
        for _ in 0..<50 {
            guard
                case .exempt = admission.admit(
                    Self.watch,
                    peerHost: "10.0.0.1",
                    metadata: [:],
                    waiter: { UnusedWaiter() }
                )
            else {
                Issue.record("a stream was counted")
                return
            }
        }
        #expect(admission.concurrency(of: "gateway").inflight == 0)
    }
}

/// A waiter for admissions without a queue: never called.
struct UnusedWaiter: CallAdmissionWaiter {
    func admitted(_ permit: CallAdmissionPermit) { Issue.record("a call was queued") }
    func refused(_ message: String) { Issue.record("a call was queued") }
}

@Suite("UpstreamGuard: a concurrency limit per method, judged by its own latency")
struct UpstreamGuardTests {
    static let read = MethodDescriptor(service: "quad.test.v1.T", method: "Read", kind: .unary)
    static let login = MethodDescriptor(service: "quad.test.v1.T", method: "Login", kind: .unary)

    static func guarded(_ clock: TestClock) -> UpstreamGuard {
        var protection = GatewayProtectionConfiguration.defaults
        protection.concurrency = ConcurrencyLimitConfiguration(initialLimit: 10, minimumLimit: 2, maximumLimit: 50)
        return UpstreamGuard(context: "t", configuration: protection, clock: clock.clock)
    }

    /// One call of `method` alone, taking `latency`.
    static func call(
        _ guarded: UpstreamGuard,
        _ clock: TestClock,
        _ method: MethodDescriptor,
        _ latency: Duration
    ) throws {
        let permit = try guarded.admit(method)
        clock.advance(by: latency)
        guarded.finish(permit, outcome: .success)
    }

    @Test("a login slow by nature is not taken for overload; one queued far past its own latency is")
    func judgedByOwnLatency() throws {
        let clock = TestClock(waitsAdvance: true)
        let guarded = Self.guarded(clock)
        // Given: logins take 400 ms alone (a KDF), over the fixed 500 ms threshold's reach at 2 in flight
        try Self.call(guarded, clock, Self.login, .milliseconds(400))
        #expect(guarded.concurrency(of: Self.login)?.baseline == .milliseconds(400))

        // When: 10 logins at once take 700 ms each (over 500 ms, under 3 × 400 ms)
        var permits = try (0..<10).map { _ in try guarded.admit(Self.login) }
        clock.advance(by: .milliseconds(700))
        for permit in permits { guarded.finish(permit, outcome: .success) }

        // Then: not overload: the limit went up
        #expect(try #require(guarded.concurrency(of: Self.login)).limit > 10)

        // When: they queue to 2 s each (over 3 × 400 ms)
        let before = try #require(guarded.concurrency(of: Self.login)).limit
        permits = try (0..<5).map { _ in try guarded.admit(Self.login) }
        clock.advance(by: .seconds(2))
        for permit in permits { guarded.finish(permit, outcome: .success) }

        // Then: the limit came down, and the baseline stayed at the unloaded latency
        let after = try #require(guarded.concurrency(of: Self.login))
        #expect(after.limit < before)
        #expect(after.baseline == .milliseconds(400))
    }

    @Test("slow logins lower the login limit only: reads are not shed")
    func methodsIsolated() throws {
        let clock = TestClock(waitsAdvance: true)
        let guarded = Self.guarded(clock)
        try Self.call(guarded, clock, Self.read, .milliseconds(1))
        try Self.call(guarded, clock, Self.login, .milliseconds(200))

        // When: a login storm queues logins for seconds
        for _ in 0..<20 {
            let permits = try (0..<2).map { _ in try guarded.admit(Self.login) }
            clock.advance(by: .seconds(3))
            for permit in permits { guarded.finish(permit, outcome: .success) }
        }

        // Then: logins are at the minimum limit, reads still get their full limit
        #expect(guarded.concurrency(of: Self.login)?.limit == 2)
        let reads = try (0..<10).map { _ in try guarded.admit(Self.read) }
        #expect(reads.count == 10)
        for permit in reads { guarded.finish(permit, outcome: .success) }
        #expect(guarded.inflight == 0)
    }
}
