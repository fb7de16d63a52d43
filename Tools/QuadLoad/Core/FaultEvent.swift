/// A fault injected during a run (a kill, stop, resume or restart of a named service) and when.
public struct FaultEvent: Codable, Sendable, Hashable {
    /// Seconds since the run's start.
    public var atSeconds: Double
    /// What was done: "kill", "stop", "resume", "restart".
    public var action: String
    /// The service it was done to.
    public var service: String
    /// Anything else worth knowing, e.g. the signal or the process id.
    public var detail: String

    /// Creates an event.
    public init(atSeconds: Double, action: String, service: String, detail: String = "") {
        self.atSeconds = atSeconds
        self.action = action
        self.service = service
        self.detail = detail
    }
}
