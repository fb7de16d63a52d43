/// What `quad up` does when a service it started exits on its own: with `--supervise`, start it again, unless it
/// keeps exiting; without, leave it down. Either way the other services and the gateway keep running: one
/// service's death must not take the system down.
///
/// A state machine over the exits of every service (one `mutating` method per event, each returning the action
/// the caller performs), so the decision is tested without processes or real time: the caller passes the instant
/// of each exit.
struct RestartPolicy: Sendable {
    /// When supervision gives up on a service.
    struct Limits: Sendable, Hashable {
        /// How many exits of one service within ``window`` leave it down: the last of them is not restarted.
        var maxExits: Int
        /// The window ``maxExits`` is counted in.
        var window: Duration

        /// Five exits within a minute.
        static var defaults: Limits { Limits(maxExits: 5, window: .seconds(60)) }
    }

    /// What the caller does about an exit.
    enum Action: Sendable, Hashable {
        /// Start the service again, with the same flags on the same ports.
        case restart
        /// Leave the service down (endpoints.json marks it `exited`), for this reason; the others keep running.
        case leaveDown(DownReason)
    }

    /// Why a service that exited is not started again.
    enum DownReason: Sendable, Hashable {
        /// `quad up` runs without `--supervise`.
        case notSupervised
        /// The service exited `count` times within `window`: restarting it again would only loop.
        case exitedTooOften(count: Int, window: Duration)
    }

    private enum State: Sendable {
        /// Without `--supervise`: nothing is restarted.
        case unsupervised
        /// With `--supervise`: the recent exits of each service, oldest first.
        case supervising(exits: [String: [ContinuousClock.Instant]])
    }

    /// The limits supervision works within.
    let limits: Limits
    private var state: State

    /// A policy that restarts (`supervise`) or not, within `limits`.
    init(supervise: Bool, limits: Limits = .defaults) {
        self.limits = limits
        self.state = supervise ? .supervising(exits: [:]) : .unsupervised
    }

    /// `service` exited on its own at `now` (for a restart that exited before it was ready, too).
    mutating func serviceExited(_ service: String, at now: ContinuousClock.Instant) -> Action {
        switch state {
        case .unsupervised:
            return .leaveDown(.notSupervised)
        case .supervising(var exits):
            // Only the exits inside the window count: a service that crashes once an hour is restarted forever.
            var recent = (exits[service] ?? []).filter { now - $0 < limits.window }
            recent.append(now)
            exits[service] = recent
            state = .supervising(exits: exits)
            guard recent.count < limits.maxExits else {
                return .leaveDown(.exitedTooOften(count: recent.count, window: limits.window))
            }
            return .restart
        }
    }
}
