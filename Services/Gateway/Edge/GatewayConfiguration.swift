public import QuadWire
import Foundation
public import GatewayDomain
import QuadServiceKit
public import QuadWireNIO

/// How the gateway finds its upstreams and protects them.
public struct GatewayConfiguration: Sendable {
    /// Where one context's service listens.
    /// Where an upstream context listens.
    public typealias Upstream = HostPort

    /// Context name (`identity`, …) to its service's address.
    public var upstreams: [String: Upstream]

    /// Parses `context=HOST:PORT` pairs separated by commas (`--upstreams`, which `quad up`
    /// passes), naming the first bad entry (``HostPort/parseList(_:flag:)``, as the services' `--peers`).
    public static func parseUpstreams(_ text: String) throws -> [String: Upstream] {
        do {
            return try HostPort.parseList(text, flag: "upstreams")
        } catch let error as ServiceOptionError {
            throw GatewayConfigurationError(message: error.message)
        }
    }
    /// Deadlines, rate limits, concurrency limits, retries, ejection, the event feed.
    public var protection: GatewayProtectionConfiguration
    /// Connections per upstream context.
    public var upstreamConnections: Int
    /// The most calls one app connection may have open (a CallStart beyond is
    /// RESOURCE_EXHAUSTED on the event loop, before any work).
    public var maxCallsPerConnection: Int
    /// How long the gateway keeps one stream of a service's events open before it re-opens it
    /// (resuming where it was, so nothing is lost): below the services' 5-minute call cap, so
    /// streams are renewed on the gateway's terms.
    public var eventStreamRenewal: Duration
    /// The gateway's own adaptive limit on unary calls in flight, refused on the event loop
    /// (``GatewayAdmission``); nil: none (each upstream's limit still applies).
    public var admission: ConcurrencyLimitConfiguration?
    /// The short queue in front of each share of ``admission`` (bursts wait instead of being
    /// refused; fair between client addresses).
    public var admissionQueue: AdmissionQueueConfiguration
    /// The apps' connections: a 10 s TLS handshake timeout, at most 256 per client address (a
    /// campus NAT puts many students behind one; each app holds one or two), and in all the
    /// descriptor limit's cap (see `ServerConfiguration.effectiveMaxConnections`).
    public var connections: ConnectionLimits

    /// The defaults of ``admission``, for one machine (each a limit per upstream context):
    /// - initial 16, minimum 16, maximum 1,000: the limit climbs one per fast call while at least
    ///   half used, so many apps with light traffic raise it quickly, and never falls below the 16
    ///   calls any upstream is provisioned to run at once. With a floor of 4 the laundry mix's
    ///   knee as deployed was 0.68× its knee with the limits open: on a machine whose services
    ///   share two cores every call of a busy mix is "slow" by the latency test below, the limit
    ///   sat at 4, and calls to jobs waited out the queue; with 16, 0.91–1.00×, while 3× the peak
    ///   of profile reads still keeps 0.75–0.91× of the peak (docs/performance.md, 2026-11-27).
    /// - latency threshold 2 ms and tolerance 3: a call is slow when over 2 ms and over three
    ///   times its method's no-load time in the gateway, so the queue, and with it the accepted
    ///   calls' latency, stays within a small multiple of the unloaded one; a login is judged
    ///   against logins.
    public static var defaultAdmission: ConcurrencyLimitConfiguration {
        ConcurrencyLimitConfiguration(
            initialLimit: 16,
            minimumLimit: 16,
            maximumLimit: 1_000,
            latencyThreshold: .milliseconds(2),
            latencyTolerance: 3
        )
    }

    public init(
        upstreams: [String: Upstream],
        protection: GatewayProtectionConfiguration = .defaults,
        upstreamConnections: Int = 2,
        maxCallsPerConnection: Int = 100,
        eventStreamRenewal: Duration = .seconds(240),
        admission: ConcurrencyLimitConfiguration? = GatewayConfiguration.defaultAdmission,
        admissionQueue: AdmissionQueueConfiguration = .defaults,
        connections: ConnectionLimits = GatewayConfiguration.defaultConnections
    ) {
        self.upstreams = upstreams
        self.protection = protection
        self.upstreamConnections = upstreamConnections
        self.maxCallsPerConnection = maxCallsPerConnection
        self.eventStreamRenewal = eventStreamRenewal
        self.admission = admission
        self.admissionQueue = admissionQueue
        self.connections = connections
    }

    /// See ``connections``.
    public static var defaultConnections: ConnectionLimits {
        ConnectionLimits(handshakeTimeout: .seconds(10), maxPerAddress: 256, maxTotal: nil)
    }
}

/// A gateway configuration value that cannot be used; the message names it.
public struct GatewayConfigurationError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
