import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
public import Logging
import Metrics
import QuadBuiltInContracts
public import QuadCertificates
public import QuadWire
public import QuadWireNIO
public import ServiceLifecycle
import Prometheus

/// One Quad executable's process: its configuration, JSON logs, metrics registry and dev
/// certificates, and ``serve(tls:services:interceptor:background:)``, which runs the RPC
/// server (with Health and Reflection), the admin port and the readiness announcement in
/// one ServiceGroup until SIGTERM or SIGINT. ``QuadServiceMain`` builds services with a
/// database on it; the gateway uses it directly.
public struct QuadProcess: Sendable {
    /// The context's name, e.g. `identity` or `gateway`.
    public let name: String
    public let source: ConfigurationSource
    public let options: ServiceOptions
    public let logger: Logger
    /// This process's certificate (`<name>.pem`), the CA and the CLI's client certificate.
    public let certificates: DevCertificateSet
    /// The TLS settings made from ``certificates`` (the server's, the clients' towards peers),
    /// reloaded on SIGHUP.
    public let reloader: CertificateReloader
    private let registry: PrometheusCollectorRegistry

    /// Reads the configuration and bootstraps logging and metrics; nil when `--help-config`
    /// was asked for (the help is printed).
    public static func start(name: String) throws -> QuadProcess? {
        try start(name: name) { _ in () }?.process
    }

    /// As ``start(name:)``, also reading the executable's own settings with `settings`, so
    /// `--help-config` lists them too.
    public static func start<Settings>(
        name: String,
        settings: (ConfigurationSource) throws -> Settings
    ) throws -> (process: QuadProcess, settings: Settings)? {
        // Everything the process creates is owner-only (0700 directories, 0600 files): data,
        // WAL, SHM, backups and keys hold secrets (issue 11 item 1).
        umask(0o077)
        // SIGHUP reloads the certificates (CertificateReloadService); one that arrives before
        // serving starts must not end the process, as its default action would.
        signal(SIGHUP, SIG_IGN)
        let source = ConfigurationSource()
        let options = try ServiceOptions(source: source)
        let own = try settings(source)
        if source.isHelpRequested {
            print(source.helpText())
            return nil
        }
        let logger = JSONLogHandler.bootstrap(
            label: "quad.\(name)",
            level: Logger.Level(rawValue: options.logLevel) ?? .info
        )
        let registry = MetricsSetup.bootstrapProcess()
        let certificates = try DevCertificateSet.ensure(directory: options.certificatesDirectory, services: [name])
        let process = QuadProcess(
            name: name,
            source: source,
            options: options,
            logger: logger,
            certificates: certificates,
            reloader: CertificateReloader(logger: logger),
            registry: registry
        )
        return (process, own)
    }

    /// Mutual TLS with this process's certificate: what every service port uses.
    public func mutualTLS() throws -> TLSSettings {
        try TLSSettings.mutualTLSServer(
            certificateChainPEM: certificates.certificatePath(service: name),
            privateKeyPEM: certificates.keyPath(service: name),
            trustRootsPEM: certificates.caPath
        )
    }

    /// TLS as a client of another context's service, presenting this process's certificate
    /// (so the callee sees `quad://service/<name>`) and checking the callee's.
    /// Reloaded with the process's other settings on SIGHUP.
    public func clientTLS(toContext context: String) throws -> TLSSettings {
        reloader.track(
            try TLSSettings.client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: name),
                privateKeyPEM: certificates.keyPath(service: name),
                serverName: context
            ),
            as: "client of \(context)"
        )
    }

    /// Serves `services` (plus Health and Reflection over everything hosted, Reflection with
    /// the files the services hand over) with `tls`, the admin port and `background` services,
    /// until SIGTERM or SIGINT; then drains. On SIGHUP `tls` and every ``clientTLS(toContext:)``
    /// reload their files (``CertificateReloader``).
    /// `health` gets the Health service before serving starts (the gateway ties it to its
    /// upstreams); `connections` caps the connections the RPC port holds (the gateway's are
    /// configurable; services keep the defaults).
    public func serve(
        tls: TLSSettings,
        services: [any QuadService],
        interceptor: (any ServerInterceptor)?,
        background: [any Service] = [],
        maxConcurrentCallsPerConnection: Int? = nil,
        admission: (any CallAdmission)? = nil,
        connections: ConnectionLimits = .defaults,
        health configureHealth: (HealthService) -> Void = { _ in }
    ) async throws {
        reloader.track(tls, as: "server")
        let hosted =
            Router(services: services).serviceNames
            + [Quad_Health_V1_Health.serviceName, Quad_Reflection_V1_Reflection.serviceName]
        let health = HealthService(services: hosted)
        configureHealth(health)
        let reflection = ReflectionService(hosting: services + [health])
        let server = QuadServer(
            configuration: ServerConfiguration(
                host: options.rpcHost,
                port: options.rpcPort,
                tls: tls,
                maxDeadline: options.maxDeadline,
                idleTimeout: options.idleTimeout,
                drainGracePeriod: options.drainGrace,
                maxConcurrentCallsPerConnection: maxConcurrentCallsPerConnection,
                admission: admission,
                handshakeTimeout: connections.handshakeTimeout,
                maxConnectionsPerAddress: connections.maxPerAddress,
                maxConnections: connections.maxTotal
            ),
            services: services + [health, reflection],
            interceptor: interceptor,
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
                services: background.map { .init(service: $0) } + [
                    .init(service: admin),
                    .init(service: QuadServerService(server: server)),
                    .init(service: announcer),
                    .init(service: CertificateReloadService(reloader: reloader)),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }
}
