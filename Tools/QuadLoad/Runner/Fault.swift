/// One fault `quad-load --fault` injects: what is done to which service, and when.
public struct Fault: Sendable, Hashable, CustomStringConvertible {
    /// What is done to the service's process.
    public enum Action: Sendable, Hashable {
        /// SIGKILL; the injector then watches for the supervisor (`quad up --supervise`) to bring it back.
        case kill
        /// SIGSTOP, then SIGCONT after the duration (or when the run ends, whichever is first).
        case stop(for: Duration)
        /// SIGTERM (a graceful stop), then wait for the supervisor to bring it back under a new pid.
        case restart
        /// The service's fault proxy (`quad up --fault-proxy`) adds the delay to every chunk, both ways, for the
        /// duration.
        case delay(Duration, for: Duration)
        /// The service's fault proxy black-holes its traffic for the duration (connections stay open: a silent
        /// peer); then the connections that lost bytes are reset.
        case drop(for: Duration)
        /// The service's fault proxy resets every open connection to it.
        case reset
        /// The service's fault proxy resets every connection, open and new, for the duration.
        case partition(for: Duration)

        /// Whether the fault is done by the service's fault proxy rather than to its process.
        public var isProxyFault: Bool {
            switch self {
            case .kill, .stop, .restart: false
            case .delay, .drop, .reset, .partition: true
            }
        }
    }

    /// What is done.
    public var action: Action
    /// The service it is done to, as endpoints.json names it (`payments`, `gateway`).
    public var service: String
    /// When, after the run's start.
    public var at: Duration

    /// A fault.
    public init(action: Action, service: String, at: Duration) {
        self.action = action
        self.service = service
        self.at = at
    }

    /// The fault in `--fault` form: `kill:payments@10s`, `stop:matching@20s+3s`, `restart:jobs@30s`,
    /// `delay:jobs@10s+5s=200ms`, `drop:payments@20s+3s`, `reset:matching@30s`, `partition:identity@40s+5s`.
    public var description: String {
        let at = FaultTime.format(at)
        switch action {
        case .kill: return "kill:\(service)@\(at)"
        case .stop(let duration): return "stop:\(service)@\(at)+\(FaultTime.format(duration))"
        case .restart: return "restart:\(service)@\(at)"
        case .delay(let delay, let duration):
            return "delay:\(service)@\(at)+\(FaultTime.format(duration))=\(FaultTime.format(delay))"
        case .drop(let duration): return "drop:\(service)@\(at)+\(FaultTime.format(duration))"
        case .reset: return "reset:\(service)@\(at)"
        case .partition(let duration): return "partition:\(service)@\(at)+\(FaultTime.format(duration))"
        }
    }
}
