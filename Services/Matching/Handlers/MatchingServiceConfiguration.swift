import MatchingDomain
import QuadKernel
public import QuadServiceKit

/// How the matching service runs.
///
/// | flag | environment | type | default |
/// |---|---|---|---|
/// | `--offer-timeout` | `QUAD_OFFER_TIMEOUT` | int (seconds) | `60` |
/// | `--offer-expiry-interval` | `QUAD_OFFER_EXPIRY_INTERVAL` | duration | `1s` |
/// | `--identity-timeout` | `QUAD_IDENTITY_TIMEOUT` | duration | `2s` |
/// | `--ride-search-plan` | `QUAD_RIDE_SEARCH_PLAN` | `index` or `full-scan` | `index` |
public struct MatchingServiceConfiguration: Sendable, Hashable {
    /// How long a dasher has to accept or decline an offer before it expires and the job moves on (L4).
    public var offerTimeout: Duration
    /// How often the expiry timer looks for offers due, so their expiry reaches the dashers' and customers' feeds
    /// on time. Every operation expires what is due first whatever this is: it never changes an answer.
    public var expiryInterval: Duration
    /// How long ListAcceptingDashers waits for identity's public profiles before answering without names.
    public var identityTimeout: Duration
    /// How rides' search finds its candidates: the index, or (the benchmark's baseline only) every offer.
    public var rideSearchPlan: RideSearchPlan

    public init(
        offerTimeout: Duration = .seconds(60),
        expiryInterval: Duration = .seconds(1),
        identityTimeout: Duration = .seconds(2),
        rideSearchPlan: RideSearchPlan = .index
    ) {
        self.offerTimeout = offerTimeout
        self.expiryInterval = expiryInterval
        self.identityTimeout = identityTimeout
        self.rideSearchPlan = rideSearchPlan
    }

    /// Sixty-second offers (the domain's ``MatchingDomain/MatchingConfiguration/defaults``), expired within a
    /// second of their time.
    public static var defaults: MatchingServiceConfiguration { MatchingServiceConfiguration() }

    /// The settings from `source` (flags, then `QUAD_*` environment, then the defaults above).
    ///
    /// - Throws: ``QuadServiceKit/ConfigurationError`` for a value that does not parse; ``MatchingSettingError`` for
    ///   an offer timeout or expiry interval that is not above zero, or a ride search plan that is not one.
    public static func read(from source: ConfigurationSource) throws -> MatchingServiceConfiguration {
        let seconds = try source.int(
            "offer-timeout",
            default: 60,
            help: "seconds a dasher has to accept or decline an offer before it goes to the next dasher"
        )
        let interval = try source.duration(
            "offer-expiry-interval",
            default: .seconds(1),
            help: "how often offers past their timeout are expired and the dashers told"
        )
        let identity = try source.duration(
            "identity-timeout",
            default: .seconds(2),
            help: "how long the list of accepting dashers waits for identity's names and ratings"
        )
        let plan = try source.string(
            "ride-search-plan",
            default: RideSearchPlan.index.rawValue,
            help: "how rides' search finds offers: index, or full-scan (every offer read: the benchmark's baseline)"
        )
        guard let rideSearchPlan = RideSearchPlan(rawValue: plan) else {
            throw MatchingSettingError(
                key: "ride-search-plan",
                value: plan,
                example: "--ride-search-plan index",
                rule: "is not a plan; give index or full-scan"
            )
        }
        guard seconds > 0 else {
            throw MatchingSettingError(key: "offer-timeout", value: "\(seconds)", example: "--offer-timeout 60")
        }
        guard interval > .zero else {
            throw MatchingSettingError(
                key: "offer-expiry-interval",
                value: "\(interval)",
                example: "--offer-expiry-interval 1s"
            )
        }
        return MatchingServiceConfiguration(
            offerTimeout: .seconds(seconds),
            expiryInterval: interval,
            identityTimeout: identity,
            rideSearchPlan: rideSearchPlan
        )
    }

    /// The queue's configuration: the offer timeout in microseconds, at least one.
    var queue: MatchingConfiguration {
        MatchingConfiguration(offerTimeout: max(1, offerTimeout.microseconds))
    }
}
