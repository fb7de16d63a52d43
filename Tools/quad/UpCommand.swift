import ArgumentParser
import QuadToolKit
import Foundation
import QuadCertificates

/// `quad up`: runs every service executable on this machine until SIGINT or SIGTERM.
struct UpCommand: AsyncParsableCommand {
    /// The subcommand's name and help text.
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Run every service locally, on free loopback ports, until Ctrl-C.",
        discussion: """
            Starts each quad-<service> executable found beside quad (identity, jobs, matching, payments, \
            households, fleet-documents, then gateway), one at a time, each once the one before is ready. Makes \
            certificates in DIR/certs if missing; databases go to DIR/data, logs to DIR/logs. When all are ready \
            it writes DIR/endpoints.json (what `quad call NAME` reads) and waits. SIGINT or SIGTERM stops the \
            services in reverse order (SIGTERM, 15 s to drain, then SIGKILL), removes endpoints.json and exits 0. \
            Exits 1 if no service executable exists, if one fails to start, or once every service has exited.

            A service that exits on its own (crashed, killed) does not stop the others: quad up says so with the \
            end of its log, marks it "status": "exited" (with "exit", e.g. "signal 9") in endpoints.json, and the \
            other services and the gateway keep serving; the gateway answers the dead service's methods with \
            UNAVAILABLE. With --supervise, it is started again with the same flags on the same RPC and admin \
            ports ("restarting", then "running" with its new pid once it is ready; for fault runs, e.g. \
            `quad-load --fault kill:payments@30s`), unless it is not ready again within 60 s or exits 5 times \
            within a minute: then it too is left down.

            With --fault-proxy the gateway reaches each service through a TCP fault proxy in this process (the \
            services still reach each other directly); endpoints.json gives each service's "proxy" with its \
            address, control port and token, which `quad-load --fault delay:jobs@10s+5s=200ms` (drop, reset, \
            partition) commands. TLS passes through the proxy untouched.
            """
    )

    /// The data directory.
    @Option(name: .customLong("data"), help: "The directory for certificates, databases, logs and endpoints.json.")
    var data = ".quad"

    /// Where the service executables are, when not beside `quad`.
    @Option(help: "The directory holding the quad-<service> executables (default: the one holding quad).")
    var executables: String?

    /// Whether a service that exits is started again instead of ending `quad up`.
    @Flag(help: "Restart a service that exits, on the same ports, and rewrite endpoints.json with its new pid.")
    var supervise = false

    /// Whether the gateway reaches each service through a fault proxy.
    @Flag(
        help:
            "Put a fault proxy between the gateway and each service (endpoints.json gives each one's control port), for quad-load --fault delay/drop/reset/partition."
    )
    var faultProxy = false

    /// Runs the services until a signal, then stops them.
    func run() async throws {
        // Owner-only, like the services it starts (issue 11 item 1): the logs, endpoints.json and ready files
        // name ports and paths, and the services' own files hold secrets.
        umask(0o077)
        let layout = UpLayout(directory: data)
        let locator = executables.map { ExecutableLocator(directory: $0) } ?? .besideCurrentExecutable()
        let found = locator.available()
        guard !found.isEmpty else {
            let names = ServiceCatalog.all.map(ServiceCatalog.executableName(service:)).joined(separator: ", ")
            Console.error(
                "quad up: no service executable (\(names)) in \(locator.directory); build them with `swift build`"
            )
            throw ExitCode(1)
        }
        try layout.createDirectories()
        let certificates = try DevCertificateSet.ensure(directory: layout.certificates, services: ServiceCatalog.all)

        // Listen before the first child exists, so a Ctrl-C during start-up still stops what was started.
        let signals = TerminationSignals()
        let cluster = LocalCluster()
        let supervise = supervise
        let faultProxy = faultProxy
        let outcome = await withTaskGroup(of: UpOutcome.self) { group in
            group.addTask { await signals.first().map(UpOutcome.signal) ?? .failed(CancellationError()) }
            group.addTask {
                await Self.startAndWatch(
                    found,
                    layout: layout,
                    certificates: certificates,
                    cluster: cluster,
                    supervise: supervise,
                    faultProxy: faultProxy
                )
            }
            let first = await group.next() ?? .failed(CancellationError())
            group.cancelAll()
            return first
        }

        Self.report(outcome)
        let killed = await cluster.stopAll()
        if !killed.isEmpty {
            Console.error("quad up: killed \(killed.joined(separator: ", ")) after \(cluster.stopTimeout)")
        }
        try? FileManager.default.removeItem(atPath: layout.endpoints)
        Console.out("quad up: stopped")
        if case .signal = outcome { return }
        throw ExitCode(1)
    }

    /// Starts `executables` one by one, each once the one before is ready, writes `endpoints.json`, then watches
    /// them (``UpSupervisor``: restarting them when `supervise`) until every one is down or a signal cancels this.
    /// With `faultProxy`, the gateway is given a fault proxy's address for each service (``UpFaultProxies``).
    static func startAndWatch(
        _ executables: [(service: String, path: String)],
        layout: UpLayout,
        certificates: DevCertificateSet,
        cluster: LocalCluster,
        supervise: Bool,
        faultProxy: Bool = false
    ) async -> UpOutcome {
        do {
            var members: [LocalCluster.Member] = []
            var proxies = UpFaultProxies(proxies: [:])
            for (service, path) in executables {
                // The gateway, started last, is told where every service before it listens (or its proxy).
                if service == ServiceCatalog.gateway, faultProxy {
                    proxies = try await UpFaultProxies.start(for: members)
                    Console.out("fault proxies in front of \(members.map(\.ready.service).joined(separator: ", "))")
                }
                Console.out("starting \(service)")
                let extra =
                    service == ServiceCatalog.gateway
                    ? [
                        "--upstreams",
                        members.map { "\($0.ready.service)=\(proxies.upstream(of: $0))" }.joined(separator: ","),
                    ] : []
                members.append(
                    try await cluster.start(layout.launch(service: service, executable: path, extraArguments: extra))
                )
            }
            var supervisor = UpSupervisor(
                members: members,
                cluster: cluster,
                layout: layout,
                certificates: certificates,
                supervise: supervise,
                proxies: proxies.endpoints
            )
            try supervisor.writeEndpoints()
            let supervision =
                supervise
                ? "; a service that exits is restarted" : "; a service that exits stays down, the others run on"
            Console.out(table(members).text + "endpoints: \(layout.endpoints)\nCtrl-C stops everything\(supervision)")
            return await supervisor.watch()
        } catch {
            return .failed(error)
        }
    }

    /// Says why `quad up` is stopping.
    static func report(_ outcome: UpOutcome) {
        switch outcome {
        case .signal(let number):
            Console.out("quad up: \(TerminationSignals.name(number)): stopping")
        case .everyServiceExited:
            Console.error("quad up: every service has exited; stopping")
        case .failed(let error):
            Console.error("quad up: \(error)")
        }
    }

    /// The table printed once everything is ready.
    static func table(_ members: [LocalCluster.Member]) -> TextTable {
        TextTable(
            header: ["service", "rpc", "admin", "pid", "log"],
            rows: members.map {
                [$0.ready.service, $0.ready.rpc, $0.ready.admin, "\($0.process.pid)", $0.process.launch.logPath]
            }
        )
    }
}

/// Why `quad up` stops.
enum UpOutcome: Sendable {
    /// SIGINT or SIGTERM: a normal stop, exit 0.
    case signal(Int32)
    /// Every service stopped on its own (each was reported as it went): exit 1.
    case everyServiceExited
    /// A service did not start: exit 1.
    case failed(any Error)
}
