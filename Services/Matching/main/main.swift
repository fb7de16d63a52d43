// quad-matching: the matching service executable (dasher presence, dorm queues, offers, preferred dashers and batch
// assignment, L2-L6 and L16; rides' search, R2, as RideSearchService). Configuration: the common service flags
// (`--help-config`) plus `--offer-timeout` (seconds, default 60), `--offer-expiry-interval` (default 1s),
// `--identity-timeout` (default 2s) and `--ride-search-plan` (index; full-scan is the rides benchmark's baseline); see
// MatchingServiceConfiguration. It calls identity (public profiles) through `--peers` or `--peers-dir`, and its outbox
// delivers `offer.accepted` to jobs.
import MatchingService
import QuadServiceKit

try await QuadServiceMain.run(
    name: "matching",
    migrator: MatchingMigrations.migrator,
    settings: { try MatchingServiceConfiguration.read(from: $0) }
) { environment, configuration in
    let matching = MatchingService(
        database: environment.database,
        profiles: IdentityDasherProfiles(
            transport: environment.peers.transport("identity"),
            timeout: configuration.identityTimeout
        ),
        configuration: configuration,
        logger: environment.logger,
        clock: environment.clock
    )
    let expiry = OfferExpiry(service: matching, interval: configuration.expiryInterval)
    let rides = RideSearchService(beside: matching)
    return ServiceSetup(services: [matching, rides], background: [expiry.backgroundWork])
}
