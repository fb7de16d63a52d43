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

    /// The fault in `--fault` form: `kill:payments@10s`, `stop:matching@20s+3s`, `restart:jobs@30s`.
    public var description: String {
        switch action {
        case .kill: "kill:\(service)@\(FaultTime.format(at))"
        case .stop(let duration): "stop:\(service)@\(FaultTime.format(at))+\(FaultTime.format(duration))"
        case .restart: "restart:\(service)@\(FaultTime.format(at))"
        }
    }
}
