import GatewayDomain
import GatewayService
import QuadServiceKit
import QuadWireNIO
import Testing

@Suite("Gateway: configuration from flags and environment")
struct GatewayConfigurationTests {
    @Test("with nothing set, the protection is the documented defaults")
    func defaults() throws {
        let configuration = try GatewayConfiguration.load(from: ConfigurationSource(arguments: [], environment: [:]))
        #expect(configuration.protection == GatewayProtectionConfiguration.defaults)
        #expect(configuration.upstreams.isEmpty)
        #expect(configuration.upstreamConnections == 2)
        #expect(configuration.maxCallsPerConnection == 100)
        #expect(configuration.eventStreamRenewal == .seconds(240))
        #expect(configuration.admission == GatewayConfiguration.defaultAdmission)
    }

    @Test("the gateway-wide admission limit can be tuned or turned off")
    func admission() throws {
        let tuned = try GatewayConfiguration.load(
            from: ConfigurationSource(
                arguments: ["--admission-min", "2", "--admission-latency-tolerance", "2.5"],
                environment: [:]
            )
        )
        #expect(tuned.admission?.minimumLimit == 2)
        #expect(tuned.admission?.latencyTolerance == 2.5)
        let off = try GatewayConfiguration.load(
            from: ConfigurationSource(arguments: ["--admission", "false"], environment: [:])
        )
        #expect(off.admission == nil)
    }

    @Test("as deployed, calls that are all slow never bring an upstream's admission limit below 16 in flight")
    func admissionFloor() {
        var limit = AdaptiveConcurrencyLimit(configuration: GatewayConfiguration.defaultAdmission)
        var baseline = LatencyBaseline()
        // The method takes 1 ms when nothing else runs, then 40 ms whenever the machine is busy.
        let acquired = limit.tryAcquire()
        #expect(acquired)
        limit.release(latency: .milliseconds(1), outcome: .success, judgedBy: &baseline, quiet: true)
        for _ in 0..<1_000 {
            while limit.tryAcquire() {}
            #expect(limit.inflight >= 16)
            while limit.inflight > 0 {
                limit.release(latency: .milliseconds(40), outcome: .success, judgedBy: &baseline, quiet: false)
            }
        }
        #expect(limit.limit == 16)
    }

    @Test("the admission queue and the connection limits have documented defaults and can be tuned")
    func queueAndConnections() throws {
        let defaults = try GatewayConfiguration.load(from: ConfigurationSource(arguments: [], environment: [:]))
        #expect(defaults.admissionQueue == .defaults)
        #expect(
            defaults.connections == ConnectionLimits(handshakeTimeout: .seconds(10), maxPerAddress: 256, maxTotal: nil)
        )
        let tuned = try GatewayConfiguration.load(
            from: ConfigurationSource(
                arguments: [
                    "--admission-queue", "0", "--handshake-timeout", "3s", "--max-connections-per-address", "8",
                ],
                environment: ["QUAD_MAX_CONNECTIONS": "1000", "QUAD_ADMISSION_QUEUE_MAX_WAIT": "50ms"]
            )
        )
        #expect(tuned.admissionQueue.capacity == 0)
        #expect(tuned.admissionQueue.maximumWait == .milliseconds(50))
        #expect(tuned.connections == ConnectionLimits(handshakeTimeout: .seconds(3), maxPerAddress: 8, maxTotal: 1000))
    }

    @Test("flags and QUAD_* variables set the limits")
    func overrides() throws {
        let source = ConfigurationSource(
            arguments: [
                "--rate-login", "3/min:2", "--deadline-default", "2s", "--upstreams", "identity=127.0.0.1:7001",
            ],
            environment: [
                "QUAD_CONCURRENCY_MAX": "50", "QUAD_EJECT_BASE": "500ms", "QUAD_FEED_EVENTS_PER_USER": "32",
                "QUAD_EVENT_STREAM_RENEWAL": "1m",
            ]
        )
        let configuration = try GatewayConfiguration.load(from: source)
        #expect(configuration.protection.rateLimits.login == .perMinute(3, burst: 2))
        #expect(configuration.protection.deadlines.defaultTimeout == .seconds(2))
        #expect(configuration.protection.concurrency.maximumLimit == 50)
        #expect(configuration.protection.upstreamHealth.baseEjection == .milliseconds(500))
        #expect(configuration.upstreams["identity"]?.port == 7001)
        #expect(configuration.protection.eventFeed.eventsPerUser == 32)
        #expect(configuration.eventStreamRenewal == .seconds(60))
    }

    @Test(
        "a value that cannot work is refused at start, naming the key",
        arguments: [
            ["--rate-login", "5 per minute"],
            ["--rate-per-user", "0/s:1"],
            ["--deadline-default", "1m", "--deadline-max", "30s"],
            ["--concurrency-min", "300"],
            ["--retry-budget-percent", "150"],
            ["--eject-after-failures", "0"],
            ["--upstream-connections", "0"],
            ["--max-calls-per-connection", "0"],
            ["--feed-events-per-user", "0"],
            ["--feed-events-per-user", "500", "--feed-max-events", "100"],
            ["--event-stream-renewal", "0s"],
            ["--admission-min", "50", "--admission-initial", "10"],
            ["--admission-latency-tolerance", "0.5"],
            ["--admission-queue", "-1"],
            ["--admission-queue-target-wait", "200ms", "--admission-queue-max-wait", "100ms"],
            ["--handshake-timeout", "0s"],
            ["--max-connections-per-address", "0"],
        ]
    )
    func refusesBadValues(arguments: [String]) {
        let error = #expect(throws: GatewayConfigurationError.self) {
            try GatewayConfiguration.load(from: ConfigurationSource(arguments: arguments, environment: [:]))
        }
        let key = arguments[0].dropFirst(2).split(separator: "-").first.map(String.init) ?? ""
        #expect(error?.message.contains(key) == true, "\(error?.message ?? "")")
    }
}
