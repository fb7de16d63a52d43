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
            Exits 1 if no service executable exists, or one fails to start or stops on its own.

            With --supervise, a service that exits (crashed, killed, or stopped by someone else) is started \
            again with the same flags on the same RPC and admin ports, and endpoints.json is rewritten with its \
            new pid once it is ready (for fault runs, e.g. `quad-load --fault kill:payments@30s`). quad up still \
            exits 1 when a service is not ready again within 60 s or exits 5 times within a minute.
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

    /// Runs the services until a signal, then stops them.
    func run() async throws {
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
        let outcome = await withTaskGroup(of: UpOutcome.self) { group in
            group.addTask { await signals.first().map(UpOutcome.signal) ?? .failed(CancellationError()) }
            group.addTask {
                await Self.startAndWatch(
                    found,
                    layout: layout,
                    certificates: certificates,
                    cluster: cluster,
                    supervise: supervise
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
    /// them (``UpSupervisor``: restarting them when `supervise`) until one ends the run or a signal cancels this.
    static func startAndWatch(
        _ executables: [(service: String, path: String)],
        layout: UpLayout,
        certificates: DevCertificateSet,
        cluster: LocalCluster,
        supervise: Bool
    ) async -> UpOutcome {
        do {
            var members: [LocalCluster.Member] = []
            for (service, path) in executables {
                Console.out("starting \(service)")
                // The gateway, started last, is told where every service before it listens.
                let extra =
                    service == ServiceCatalog.gateway
                    ? ["--upstreams", members.map { "\($0.ready.service)=\($0.ready.rpc)" }.joined(separator: ",")] : []
                members.append(try await cluster.start(layout.launch(service: service, executable: path, extraArguments: extra)))
            }
            var supervisor = UpSupervisor(
                members: members,
                cluster: cluster,
                layout: layout,
                certificates: certificates,
                supervise: supervise
            )
            try supervisor.writeEndpoints()
            let supervision = supervise ? "; a service that exits is restarted" : ""
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
        case .serviceExited(let process):
            let status = process.exitDescription ?? "an unknown status"
            Console.error("quad up: \(process.launch.service) exited with \(status); the end of its log:")
            process.logTail().forEach { Console.error("  | \($0)") }
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
    /// A service stopped on its own: exit 1.
    case serviceExited(ServiceProcess)
    /// A service did not start: exit 1.
    case failed(any Error)
}
