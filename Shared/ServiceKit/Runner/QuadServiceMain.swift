public import GRDB
import Logging
import QuadKernel
import QuadStorage
import QuadWire

/// The `main` of every service executable with a database: a ``QuadProcess`` (configuration,
/// logs, metrics, certificates, the RPC server with Health and Reflection, the admin port,
/// graceful shutdown on SIGTERM or SIGINT) plus the context's database, migrated at start
/// and closed after the drain, the operators' Admin service (backups, dead letters), clients of the other contexts
/// (``Peers``) and the relay that delivers the database's outbox to them.
public enum QuadServiceMain {
    public static func run(
        name: String,
        migrator: DatabaseMigrator,
        setup: @Sendable (ServiceEnvironment) async throws -> ServiceSetup
    ) async throws {
        try await run(name: name, migrator: migrator, settings: { _ in () }) { environment, _ in
            try await setup(environment)
        }
    }

    /// As ``run(name:migrator:setup:)``, reading the service's own settings with `settings`
    /// first, so `--help-config` lists them with the common ones.
    public static func run<Settings: Sendable>(
        name: String,
        migrator: DatabaseMigrator,
        settings: (ConfigurationSource) throws -> Settings,
        setup: @Sendable (ServiceEnvironment, Settings) async throws -> ServiceSetup
    ) async throws {
        guard let (process, own) = try QuadProcess.start(name: name, settings: settings) else { return }
        let options = process.options
        let database = try QuadDatabase(
            configuration: DatabaseConfiguration(
                path: options.dataDirectory + "/\(name).sqlite",
                synchronous: options.synchronous == "normal" ? .normal : .full,
                maxBatchSize: options.writeBatch
            ),
            migrator: migrator,
            logger: process.logger
        )
        let peers = Peers(
            explicit: options.peers,
            readyDirectory: options.peersDirectory,
            logger: process.logger,
            tls: { [process] in try process.clientTLS(toContext: $0) }
        )
        let relay = OutboxRelay(
            database: database,
            clock: ContinuousClock(),
            logger: process.logger,
            maxRefusals: options.outboxMaxRefusals,
            classify: PeerDelivery.failure(of:),
            deliver: PeerDelivery.deliver(from: name, peers: peers)
        )
        let clock = QuadClock.system()
        let environment = ServiceEnvironment(
            name: name,
            options: options,
            database: database,
            logger: process.logger,
            clock: clock,
            peers: peers,
            relay: relay
        )
        let built = try await setup(environment, own)
        let admin = AdminService(
            name: name,
            database: database,
            directory: options.dataDirectory + "/backups",
            clock: clock,
            hook: built.backup
        )
        try await process.serve(
            tls: try process.mutualTLS(),
            services: built.services + [admin],
            interceptor: CallerIdentityInterceptor(verifyBearer: built.verifyBearer),
            background: built.background + [BackgroundWork(name: "outbox") { try? await relay.run() }]
        )
        peers.close()
        try database.close()
        process.logger.info("stopped")
    }
}
