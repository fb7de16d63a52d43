import QuadFaultProxy
import QuadLoad
import QuadLoadCore
import Testing

/// The injector's proxy faults against a real ``FaultProxy`` (forwarding to a port nothing listens on: only its
/// control port matters here).
@Suite("fault injector: proxy faults")
struct FaultInjectorProxyTests {
    @Test("commands the service's proxy, then heals it after the fault's duration")
    func delayThenHeal() async throws {
        // Given a proxy and an injector that delays the service behind it at once for 100 ms
        let proxy = try await FaultProxy.start(forwardingTo: "127.0.0.1", port: 9)
        let control = FaultProxyControlClient(address: proxy.controlAddress, token: proxy.token)
        let injector = try FaultInjector(
            plan: .parse(["delay:jobs@0s+100ms=250ms", "reset:jobs@0s"]),
            pidLookup: { _ in nil },
            proxyLookup: { $0 == "jobs" ? control : nil }
        )
        // When it runs
        await injector.run(startedAt: .now)
        let events = await injector.recorded
        // Then the proxy was delayed and reset, and healed after the delay's duration
        #expect(events.map(\.action).sorted() == ["delay", "heal", "reset"])
        #expect(events.allSatisfy { $0.service == "jobs" })
        let delay = try #require(events.first { $0.action == "delay" })
        let heal = try #require(events.first { $0.action == "heal" })
        #expect(delay.detail.hasPrefix("delay jobs by 250ms for 0.1 s (proxy: delay=250ms"), "\(delay.detail)")
        #expect(heal.atSeconds - delay.atSeconds >= 0.1)
        #expect(try await proxy.status().delay == .zero)
        await proxy.close()
    }
}
