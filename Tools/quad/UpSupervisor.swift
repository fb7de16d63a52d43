import QuadCertificates
import QuadToolKit

/// Watches the services `quad up` started, once every one is ready, until every one is down or a signal comes.
///
/// One service's exit never stops the others: without `--supervise` the service is left down, said on the terminal
/// with the end of its log, and marked `exited` in endpoints.json, while the rest (the gateway included) keep
/// serving. With `--supervise` it is started again with the same flags on the same ports (`restarting`, then
/// `running` with its new pid), until it keeps exiting (``RestartPolicy``) or does not become ready again, when it
/// too is left down.
struct UpSupervisor: Sendable {
    /// The processes.
    let cluster: LocalCluster
    /// Where endpoints.json goes.
    let layout: UpLayout
    /// The certificate paths endpoints.json names.
    let certificates: DevCertificateSet
    /// The fault proxies in front of the services (`--fault-proxy`), as endpoints.json names them.
    let proxies: [String: ProxyEndpoint]
    /// The ready services in start order; a restarted one takes its predecessor's place.
    private(set) var members: [LocalCluster.Member]
    /// The services left down, and how each ended (`signal 9`), as endpoints.json says.
    private(set) var down: [String: String] = [:]
    /// The services being started again.
    private var restarting: Set<String> = []
    /// The processes whose exit has been dealt with: the watch waits on the others.
    private var settled: Set<ObjectIdentifier> = []
    private var policy: RestartPolicy

    /// A supervisor of `members`, restarting them when `supervise`.
    init(
        members: [LocalCluster.Member],
        cluster: LocalCluster,
        layout: UpLayout,
        certificates: DevCertificateSet,
        supervise: Bool,
        proxies: [String: ProxyEndpoint] = [:]
    ) {
        self.members = members
        self.proxies = proxies
        self.cluster = cluster
        self.layout = layout
        self.certificates = certificates
        self.policy = RestartPolicy(supervise: supervise)
    }

    /// Writes endpoints.json for the current members, their pids and statuses included; atomically, so a reader
    /// (`quad call`, `quad-load`) sees the old file or the whole new one.
    func writeEndpoints() throws {
        try EndpointsFile(
            ca: certificates.caPath,
            clientCertificate: certificates.clientCertificatePath,
            clientKey: certificates.clientKeyPath,
            ready: members.map(\.ready),
            restarting: restarting,
            exited: down,
            proxies: proxies
        ).write(path: layout.endpoints)
    }

    /// Waits for exits and acts on them until every service is down, and says so.
    ///
    /// Cancellation (SIGINT or SIGTERM came) ends the watch at once: nothing is restarted while everything stops.
    mutating func watch() async -> UpOutcome {
        while true {
            guard down.count < members.count else { return .everyServiceExited }
            // Re-check cancellation after the wait: a service may exit just as quad up is told to stop (someone
            // signalling every process at once), and nothing is restarted while everything stops.
            guard let exited = await cluster.firstExit(ignoring: settled), !Task.isCancelled else {
                return .failed(CancellationError())
            }
            let service = exited.launch.service
            switch policy.serviceExited(service, at: .now) {
            case .leaveDown(.notSupervised):
                leaveDown(exited, note: "it stays down (`quad up --supervise` restarts a service that exits)")
            case .leaveDown(.exitedTooOften(let count, let window)):
                leaveDown(exited, note: "it exited \(count) times within \(window); not restarting it again")
            case .restart:
                do {
                    try await restart(exited)
                } catch {
                    if Task.isCancelled { return .failed(CancellationError()) }
                    // A replacement that exited before it was ready is one more exit, for the policy to count;
                    // one that never became ready (or never started) is left down.
                    if let replacement = cluster.process(service: service), replacement !== exited,
                        !replacement.isRunning
                    {
                        Console.error("quad up: restarting \(service) failed: \(error)")
                        continue
                    }
                    let replacement = cluster.process(service: service) ?? exited
                    leaveDown(replacement, note: "restarting it failed: \(error)")
                }
            }
        }
    }

    /// Marks `process`'s service down: says so on the terminal with the end of its log, and in endpoints.json.
    private mutating func leaveDown(_ process: ServiceProcess, note: String) {
        let service = process.launch.service
        let how = process.exitDescription ?? "no exit (not ready)"
        settled.insert(ObjectIdentifier(process))
        restarting.remove(service)
        down[service] = how
        let running = members.map(\.ready.service).filter { down[$0] == nil }
        let others =
            running.isEmpty ? "no service is left running" : "still running: " + running.joined(separator: ", ")
        Console.error("quad up: \(service) (pid \(process.pid)) exited with \(how); \(note); \(others)")
        Console.error("quad up: the end of \(process.launch.logPath):")
        process.logTail().forEach { Console.error("  | \($0)") }
        do {
            try writeEndpoints()
        } catch {
            Console.error("quad up: cannot rewrite \(layout.endpoints) to mark \(service) exited: \(error)")
        }
    }

    /// Starts `exited`'s service again on its ports, waits until it is ready and rewrites endpoints.json.
    private mutating func restart(_ exited: ServiceProcess) async throws {
        let service = exited.launch.service
        guard let index = members.firstIndex(where: { $0.ready.service == service }) else {
            throw CLIError("quad up cannot restart \(service): it was never ready", exitCode: 1)
        }
        let how = exited.exitDescription ?? "an unknown status"
        Console.out("\(service) (pid \(exited.pid)) exited with \(how); restarting it on \(members[index].ready.rpc)")
        restarting.insert(service)
        try? writeEndpoints()
        let launch = try members[index].process.launch.onSamePorts(as: members[index].ready)
        let member = try await cluster.start(launch, replacing: exited)
        members[index] = member
        restarting.remove(service)
        try writeEndpoints()
        Console.out("restarted \(service) (pid \(exited.pid) -> \(member.process.pid)) after it exited with \(how)")
    }
}
