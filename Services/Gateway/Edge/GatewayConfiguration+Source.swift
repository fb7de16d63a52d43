import GatewayDomain
public import QuadServiceKit
import QuadWireNIO

extension GatewayConfiguration {
    /// Reads the gateway's settings: flags, then `QUAD_*` environment variables, then the
    /// defaults (suited to one machine; docs/gateway.md explains each). Preconditions of the
    /// protection state machines are checked here, so a bad value is a clear error at start.
    ///
    /// | key | type | default |
    /// |---|---|---|
    /// | `upstreams` | `context=HOST:PORT,…` | none (quad up passes it) |
    /// | `upstream-connections` | int | 2 |
    /// | `max-calls-per-connection` | int | 100 |
    /// | `deadline-default`, `deadline-max` | duration | 10s, 30s |
    /// | `rate-per-address`, `rate-per-user` | `COUNT/UNIT:BURST` | `100/s:200`, `20/s:40` |
    /// | `rate-login`, `rate-registration` | `COUNT/UNIT:BURST` | `5/min:5`, `10/h:5` |
    /// | `concurrency-initial`, `concurrency-min`, `concurrency-max` | int | 20, 4, 200 |
    /// | `concurrency-latency-threshold` | duration | 500ms |
    /// | `concurrency-latency-tolerance` | number | 3 |
    /// | `retry-budget-percent` | int | 20 |
    /// | `eject-after-failures` | int | 3 |
    /// | `eject-base`, `eject-max` | duration | 1s, 30s |
    /// | `event-stream-renewal` | duration | 240s |
    /// | `admission` | bool | true |
    /// | `admission-initial`, `admission-min`, `admission-max` | int | 16, 16, 1000 |
    /// | `admission-latency-threshold` | duration | 2ms |
    /// | `admission-latency-tolerance` | number | 3 |
    /// | `admission-queue` | int | 256 |
    /// | `handshake-timeout` | duration | 10s |
    /// | `max-connections-per-address` | int | 256 |
    /// | `max-connections` | int | 0 (the descriptor limit less a tenth) |
    /// | `admission-queue-max-wait`, `admission-queue-target-wait` | duration | 100ms, 5ms |
    /// | `feed-events-per-user`, `feed-max-users`, `feed-max-events` | int | 256, 10000, 262144 |
    public static func load(from source: ConfigurationSource) throws -> GatewayConfiguration {
        let defaults = GatewayProtectionConfiguration.defaults
        var protection = defaults
        let upstreams = try parseUpstreams(
            try source.string(
                "upstreams",
                default: "",
                help: "context=HOST:PORT pairs, comma-separated (identity=127.0.0.1:7001)"
            )
        )
        let connections = try source.int(
            "upstream-connections",
            default: 2,
            help: "connections to each upstream context"
        )
        guard connections >= 1 else {
            throw GatewayConfigurationError(message: "upstream-connections must be at least 1, not \(connections)")
        }
        let callsPerConnection = try source.int(
            "max-calls-per-connection",
            default: 100,
            help: "calls one app connection may have open"
        )
        guard callsPerConnection >= 1 else {
            throw GatewayConfigurationError(
                message: "max-calls-per-connection must be at least 1, not \(callsPerConnection)"
            )
        }

        let defaultDeadline = try source.duration(
            "deadline-default",
            default: defaults.deadlines.defaultTimeout,
            help: "deadline of a unary call that sets none"
        )
        let maxDeadline = try source.duration(
            "deadline-max",
            default: defaults.deadlines.maximumTimeout,
            help: "longest deadline forwarded to a service"
        )
        guard defaultDeadline > .zero, defaultDeadline <= maxDeadline else {
            throw GatewayConfigurationError(message: "deadline-default must be above zero and at most deadline-max")
        }
        protection.deadlines = DeadlinePolicy(defaultTimeout: defaultDeadline, maximumTimeout: maxDeadline)

        protection.rateLimits.perAddress = try policy(
            source,
            "rate-per-address",
            defaults.rateLimits.perAddress,
            "every call from one client address"
        )
        protection.rateLimits.perUser = try policy(
            source,
            "rate-per-user",
            defaults.rateLimits.perUser,
            "every call by one signed-in user"
        )
        protection.rateLimits.login = try policy(
            source,
            "rate-login",
            defaults.rateLimits.login,
            "logins from one address"
        )
        protection.rateLimits.registration = try policy(
            source,
            "rate-registration",
            defaults.rateLimits.registration,
            "registrations from one address"
        )

        let initial = try source.int(
            "concurrency-initial",
            default: defaults.concurrency.initialLimit,
            help: "calls in flight per upstream at start"
        )
        let minimum = try source.int(
            "concurrency-min",
            default: defaults.concurrency.minimumLimit,
            help: "lowest adaptive limit per upstream"
        )
        let maximum = try source.int(
            "concurrency-max",
            default: defaults.concurrency.maximumLimit,
            help: "highest adaptive limit per upstream"
        )
        let threshold = try source.duration(
            "concurrency-latency-threshold",
            default: defaults.concurrency.latencyThreshold,
            help: "a success slower than this (and than the tolerance) lowers the limit"
        )
        guard 1 <= minimum, minimum <= initial, initial <= maximum, threshold > .zero else {
            throw GatewayConfigurationError(
                message:
                    "concurrency limits need 1 <= concurrency-min <= concurrency-initial <= concurrency-max and a positive threshold"
            )
        }
        let toleranceText = try source.string(
            "concurrency-latency-tolerance",
            default: "\(defaults.concurrency.latencyTolerance)",
            help: "a success faster than this many times its method's unloaded latency never lowers the limit"
        )
        guard let tolerance = Double(toleranceText), tolerance > 1, tolerance.isFinite else {
            throw GatewayConfigurationError(
                message: "concurrency-latency-tolerance must be a number above 1, not '\(toleranceText)'"
            )
        }
        protection.concurrency = ConcurrencyLimitConfiguration(
            initialLimit: initial,
            minimumLimit: minimum,
            maximumLimit: maximum,
            latencyThreshold: threshold,
            latencyTolerance: tolerance,
            backoffRatio: defaults.concurrency.backoffRatio
        )

        let retryPercent = try source.int(
            "retry-budget-percent",
            default: 20,
            help: "retries allowed as a share of calls, per upstream"
        )
        guard (0...100).contains(retryPercent) else {
            throw GatewayConfigurationError(message: "retry-budget-percent must be 0...100, not \(retryPercent)")
        }
        protection.retryBudget = RetryBudgetConfiguration(
            retryRatio: Double(retryPercent) / 100,
            maximumBalance: defaults.retryBudget.maximumBalance
        )

        let failures = try source.int(
            "eject-after-failures",
            default: defaults.upstreamHealth.consecutiveFailuresToEject,
            help: "consecutive failures that eject an upstream"
        )
        let base = try source.duration(
            "eject-base",
            default: defaults.upstreamHealth.baseEjection,
            help: "first ejection; doubles each time"
        )
        let longest = try source.duration(
            "eject-max",
            default: defaults.upstreamHealth.maximumEjection,
            help: "longest ejection"
        )
        guard failures >= 1, base > .zero, base <= longest else {
            throw GatewayConfigurationError(
                message: "ejection needs eject-after-failures >= 1 and 0 < eject-base <= eject-max"
            )
        }
        protection.upstreamHealth = UpstreamHealthConfiguration(
            consecutiveFailuresToEject: failures,
            baseEjection: base,
            maximumEjection: longest,
            ejectionMemory: defaults.upstreamHealth.ejectionMemory,
            trialTimeout: defaults.upstreamHealth.trialTimeout
        )

        let perUser = try source.int(
            "feed-events-per-user",
            default: defaults.eventFeed.eventsPerUser,
            help: "events kept per user for resuming the feed"
        )
        let users = try source.int(
            "feed-max-users",
            default: defaults.eventFeed.maximumUsers,
            help: "users whose feed history is kept"
        )
        let events = try source.int(
            "feed-max-events",
            default: defaults.eventFeed.maximumEvents,
            help: "feed events kept in all"
        )
        guard perUser >= 1, users >= 1, perUser <= events else {
            throw GatewayConfigurationError(
                message:
                    "the event feed needs feed-events-per-user >= 1, feed-max-users >= 1 and feed-events-per-user <= feed-max-events"
            )
        }
        protection.eventFeed = EventFeedConfiguration(
            eventsPerUser: perUser,
            maximumUsers: users,
            maximumEvents: events
        )
        let renewal = try source.duration(
            "event-stream-renewal",
            default: .seconds(240),
            help: "re-open each service's event stream after this long"
        )
        guard renewal > .zero else {
            throw GatewayConfigurationError(message: "event-stream-renewal must be above zero")
        }
        return GatewayConfiguration(
            upstreams: upstreams,
            protection: protection,
            upstreamConnections: connections,
            maxCallsPerConnection: callsPerConnection,
            eventStreamRenewal: renewal,
            admission: try admission(source),
            admissionQueue: try admissionQueue(source),
            connections: try connectionLimits(source)
        )
    }

    private static func connectionLimits(_ source: ConfigurationSource) throws -> ConnectionLimits {
        let defaults = GatewayConfiguration.defaultConnections
        let handshake = try source.duration(
            "handshake-timeout",
            default: defaults.handshakeTimeout ?? .seconds(10),
            help: "close a connection that has not finished its TLS handshake after this long"
        )
        let perAddress = try source.int(
            "max-connections-per-address",
            default: defaults.maxPerAddress ?? 256,
            help: "connections one client address may hold; more are closed as accepted, before TLS"
        )
        let total = try source.int(
            "max-connections",
            default: 0,
            help: "connections in all (0: the descriptor limit less a tenth); never above that"
        )
        guard handshake > .zero else {
            throw GatewayConfigurationError(message: "handshake-timeout must be above zero")
        }
        guard perAddress >= 1, total >= 0 else {
            throw GatewayConfigurationError(
                message:
                    "max-connections-per-address must be at least 1 and max-connections at least 0 (0: from the descriptor limit)"
            )
        }
        return ConnectionLimits(
            handshakeTimeout: handshake,
            maxPerAddress: perAddress,
            maxTotal: total == 0 ? nil : total
        )
    }

    private static func admissionQueue(_ source: ConfigurationSource) throws -> AdmissionQueueConfiguration {
        let defaults = AdmissionQueueConfiguration.defaults
        let capacity = try source.int(
            "admission-queue",
            default: defaults.capacity,
            help: "unary calls that may wait for a slot, per upstream; 0 refuses at once"
        )
        let longest = try source.duration(
            "admission-queue-max-wait",
            default: defaults.maximumWait,
            help: "longest a call waits for a slot"
        )
        let target = try source.duration(
            "admission-queue-target-wait",
            default: defaults.targetWait,
            help: "once waits stay above this for admission-queue-max-wait, calls that waited longer are refused"
        )
        guard capacity >= 0, target > .zero, target <= longest else {
            throw GatewayConfigurationError(
                message:
                    "the admission queue needs admission-queue >= 0 and 0 < admission-queue-target-wait <= admission-queue-max-wait"
            )
        }
        return AdmissionQueueConfiguration(capacity: capacity, maximumWait: longest, targetWait: target)
    }

    private static func admission(_ source: ConfigurationSource) throws -> ConcurrencyLimitConfiguration? {
        let defaults = GatewayConfiguration.defaultAdmission
        guard
            try source.bool(
                "admission",
                default: true,
                help: "the gateway's own adaptive limit on unary calls in flight"
            )
        else { return nil }
        let initial = try source.int(
            "admission-initial",
            default: defaults.initialLimit,
            help: "unary calls in flight at start"
        )
        let minimum = try source.int("admission-min", default: defaults.minimumLimit, help: "lowest gateway-wide limit")
        let maximum = try source.int(
            "admission-max",
            default: defaults.maximumLimit,
            help: "highest gateway-wide limit"
        )
        let threshold = try source.duration(
            "admission-latency-threshold",
            default: defaults.latencyThreshold,
            help: "a call slower than this (and than the tolerance) lowers the gateway-wide limit"
        )
        let toleranceText = try source.string(
            "admission-latency-tolerance",
            default: "\(defaults.latencyTolerance)",
            help: "a call faster than this many times its method's unloaded time never lowers the gateway-wide limit"
        )
        guard 1 <= minimum, minimum <= initial, initial <= maximum, threshold > .zero else {
            throw GatewayConfigurationError(
                message:
                    "the admission limit needs 1 <= admission-min <= admission-initial <= admission-max and a positive threshold"
            )
        }
        guard let tolerance = Double(toleranceText), tolerance > 1, tolerance.isFinite else {
            throw GatewayConfigurationError(
                message: "admission-latency-tolerance must be a number above 1, not '\(toleranceText)'"
            )
        }
        return ConcurrencyLimitConfiguration(
            initialLimit: initial,
            minimumLimit: minimum,
            maximumLimit: maximum,
            latencyThreshold: threshold,
            latencyTolerance: tolerance,
            backoffRatio: defaults.backoffRatio
        )
    }

    private static func policy(
        _ source: ConfigurationSource,
        _ key: String,
        _ fallback: RateLimitPolicy,
        _ what: String
    ) throws -> RateLimitPolicy {
        let text = try source.string(
            key,
            default: format(fallback),
            help: "token bucket for \(what): COUNT/UNIT:BURST, UNIT s, min or h"
        )
        guard let policy = parsePolicy(text) else {
            throw GatewayConfigurationError(message: "\(key) '\(text)' is not COUNT/UNIT:BURST (for example 5/min:5)")
        }
        return policy
    }

    /// Parses `COUNT/UNIT:BURST` (`5/min:5`, `100/s:200`, `10/h:5`).
    static func parsePolicy(_ text: String) -> RateLimitPolicy? {
        let rateAndBurst = text.split(separator: ":")
        guard rateAndBurst.count == 2, let burst = Int(rateAndBurst[1]), burst >= 1 else { return nil }
        let countAndUnit = rateAndBurst[0].split(separator: "/")
        guard countAndUnit.count == 2, let count = Int(countAndUnit[0]), count >= 1 else { return nil }
        switch countAndUnit[1] {
        case "s": return .perSecond(count, burst: burst)
        case "min": return .perMinute(count, burst: burst)
        case "h": return .perHour(count, burst: burst)
        default: return nil
        }
    }

    static func format(_ policy: RateLimitPolicy) -> String {
        for (unit, length) in [("s", Duration.seconds(1)), ("min", .seconds(60)), ("h", .seconds(3600))] {
            let count = length / policy.tokenInterval
            if count >= 1, count == count.rounded() { return "\(Int(count))/\(unit):\(policy.burst)" }
        }
        return "\(policy.tokensPerSecond)/s:\(policy.burst)"
    }
}
