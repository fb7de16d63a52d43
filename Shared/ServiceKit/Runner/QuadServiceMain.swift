public import GRDB
import Logging
import QuadStorage
import QuadWire

/// The `main` of every service executable with a database: a ``QuadProcess`` (configuration,
/// logs, metrics, certificates, the RPC server with Health and Reflection, the admin port,
/// graceful shutdown on SIGTERM or SIGINT) plus the context's database, migrated at start
/// and closed after the drain, and the operators' Backup service.
public enum QuadServiceMain {
    public static func run(
        name: String,
        migrator: DatabaseMigrator,
        setup: @Sendable (ServiceEnvironment) async throws -> ServiceSetup
    ) async throws {
        guard let process = try QuadProcess.start(name: name) else { return }
        let options = process.options
        let database = try QuadDatabase(
            configuration: DatabaseConfiguration(
                path: options.dataDirectory + "/\(name).sqlite",
                synchronous: options.synchronous == "normal" ? .normal : .full
            ),
            migrator: migrator,
            logger: process.logger
        )
        let environment = ServiceEnvironment(name: name, options: options, database: database, logger: process.logger)
        let built = try await setup(environment)
        let backup = BackupService(name: name, database: database, directory: options.dataDirectory + "/backups")
        try await process.serve(
            tls: try process.mutualTLS(),
            services: built.services + [backup],
            interceptor: CallerIdentityInterceptor(verifyBearer: built.verifyBearer)
        )
        try database.close()
        process.logger.info("stopped")
    }
}
