import Foundation
public import GRDB
import Logging
import Metrics
import QuadCertificates
import QuadStorage
import QuadWire
import QuadContracts
import QuadWireNIO
import ServiceLifecycle

/// The `main` of every service executable: configuration, logs, metrics, certificates, the
/// database, the RPC server with Health and Reflection, the admin port, and graceful
/// shutdown on SIGTERM or SIGINT (GoAway, drain, close the database), in one ServiceGroup.
public enum QuadServiceMain {
    public static func run(
        name: String,
        migrator: DatabaseMigrator,
        setup: @Sendable (ServiceEnvironment) async throws -> ServiceSetup
    ) async throws {
        let source = ConfigurationSource()
        let options = try ServiceOptions(source: source)
        if source.isHelpRequested {
            print(source.helpText())
            return
        }
        let logger = JSONLogHandler.bootstrap(label: "quad.\(name)", level: Logger.Level(rawValue: options.logLevel) ?? .info)
        let registry = MetricsSetup.bootstrapProcess()

        let certificates = try DevCertificateSet.ensure(directory: options.certificatesDirectory, services: [name])
        let tls = try TLSSettings.mutualTLSServer(
            certificateChainPEM: certificates.certificatePath(service: name),
            privateKeyPEM: certificates.keyPath(service: name),
            trustRootsPEM: certificates.caPath
        )

        let database = try QuadDatabase(
            configuration: DatabaseConfiguration(
                path: options.dataDirectory + "/\(name).sqlite",
                synchronous: options.synchronous == "normal" ? .normal : .full
            ),
            migrator: migrator,
            logger: logger
        )
        let environment = ServiceEnvironment(name: name, options: options, database: database, logger: logger)
        let built = try await setup(environment)

        let backup = BackupService(name: name, database: database, directory: options.dataDirectory + "/backups")
        let hosted = Router(services: built.services + [backup]).serviceNames
            + [Quad_Health_V1_Health.serviceName, Quad_Reflection_V1_Reflection.serviceName]
        let health = HealthService(services: hosted)
        let reflection = ReflectionService(services: hosted)
        let server = QuadServer(
            configuration: ServerConfiguration(
                host: options.rpcHost,
                port: options.rpcPort,
                tls: tls,
                maxDeadline: options.maxDeadline,
                idleTimeout: options.idleTimeout,
                drainGracePeriod: options.drainGrace
            ),
            services: built.services + [backup, health, reflection],
            interceptor: CallerIdentityInterceptor(verifyBearer: built.verifyBearer),
            observer: RPCMetricsObserver(metrics: RPCMetrics()),
            logger: logger
        )
        let gate = ReadinessGate(name: "listeners", initial: .notReady("starting"))
        let admin = AdminServer(
            configuration: AdminServerConfiguration(host: options.rpcHost, port: options.adminPort),
            registry: registry,
            readinessChecks: [gate.check],
            logger: logger
        )
        let announcer = ReadinessAnnouncer(
            name: name,
            host: options.rpcHost,
            server: server,
            admin: admin,
            health: health,
            gate: gate,
            readyFile: options.readyFile,
            logger: logger
        )
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [
                    .init(service: admin),
                    .init(service: QuadServerService(server: server)),
                    .init(service: announcer),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
        try database.close()
        logger.info("stopped")
    }
}
