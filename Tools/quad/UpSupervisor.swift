import QuadCertificates
import QuadToolKit

/// Watches the services `quad up` started, once every one is ready, until one ends the run: without
/// `--supervise` the first exit does; with it, an exited service is started again with the same flags on the same
/// ports and endpoints.json is rewritten with its new pid, until it keeps exiting (``RestartPolicy``) or does not
/// become ready again.
struct UpSupervisor: Sendable {
    /// The processes.
    let cluster: LocalCluster
    /// Where endpoints.json goes.
    let layout: UpLayout
    /// The certificate paths endpoints.json names.
    let certificates: DevCertificateSet
    /// The ready services in start order; a restarted one takes its predecessor's place.
    private(set) var members: [LocalCluster.Member]
    private var policy: RestartPolicy

    /// A supervisor of `members`, restarting them when `supervise`.
    init(
        members: [LocalCluster.Member],
        cluster: LocalCluster,
        layout: UpLayout,
        certificates: DevCertificateSet,
        supervise: Bool
    ) {
        self.members = members
        self.cluster = cluster
        self.layout = layout
        self.certificates = certificates
        self.policy = RestartPolicy(supervise: supervise)
    }

    /// Writes endpoints.json for the current members, their pids included; atomically, so a reader (`quad call`,
    /// `quad-load`) sees the old file or the whole new one.
    func writeEndpoints() throws {
        try EndpointsFile(
            ca: certificates.caPath,
            clientCertificate: certificates.clientCertificatePath,
            clientKey: certificates.clientKeyPath,
            ready: members.map(\.ready)
        ).write(path: layout.endpoints)
    }

    /// Waits for exits and acts on them until one ends `quad up`, and says why.
    ///
    /// Cancellation (SIGINT or SIGTERM came) ends the watch at once: nothing is restarted while everything stops.
    mutating func watch() async -> UpOutcome {
        while true {
            // Re-check cancellation after the wait: a service may exit just as quad up is told to stop (someone
            // signalling every process at once), and nothing is restarted while everything stops.
            guard let exited = await cluster.firstExit(), !Task.isCancelled else { return .failed(CancellationError()) }
            let service = exited.launch.service
            switch policy.serviceExited(service, at: .now) {
            case .stopEverything(.notSupervised):
                return .serviceExited(exited)
            case .stopEverything(.exitedTooOften(let count, let window)):
                Console.error("quad up: \(service) exited \(count) times within \(window); not restarting it again")
                return .serviceExited(exited)
            case .restart:
                do {
                    try await restart(exited)
                } catch {
                    if Task.isCancelled { return .failed(CancellationError()) }
                    // A replacement that exited before it was ready is one more exit, for the policy to count;
                    // one that never became ready (or never started) ends quad up.
                    guard let replacement = cluster.process(service: service), replacement !== exited,
                        !replacement.isRunning
                    else { return .failed(error) }
                    Console.error("quad up: restarting \(service) failed: \(error)")
                }
            }
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
        let launch = try members[index].process.launch.onSamePorts(as: members[index].ready)
        let member = try await cluster.start(launch, replacing: exited)
        members[index] = member
        try writeEndpoints()
        Console.out("restarted \(service) (pid \(exited.pid) -> \(member.process.pid)) after it exited with \(how)")
    }
}
