/// What a ``FaultProxy`` does to traffic now: a state machine of its commands, free of any network.
///
/// Each command returns the ``Action`` the proxy performs on its connections.
struct FaultProxyMode: Sendable, Hashable {
    /// What the proxy does to its open connections after a command.
    enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// Reset every open connection.
        case resetAll
        /// Reset the connections that lost bytes while dropping (their streams have a gap).
        case resetLossy
    }

    /// Added to every chunk, both ways.
    private(set) var delay: Duration = .zero
    /// Whether every byte is black-holed.
    private(set) var dropping = false
    /// Whether every connection, open or new, is reset.
    private(set) var partitioned = false

    /// Whether nothing is being done to traffic.
    var isHealthy: Bool { delay == .zero && !dropping && !partitioned }

    /// Applies `command`.
    mutating func apply(_ command: FaultProxyCommand) -> Action {
        switch command {
        case .delay(let delay, _):
            self.delay = delay
            return .none
        case .drop:
            dropping = true
            return .none
        case .reset:
            return .resetAll
        case .partition:
            partitioned = true
            return .resetAll
        case .heal:
            let wasDropping = dropping
            self = FaultProxyMode()
            return wasDropping ? .resetLossy : .none
        case .status:
            return .none
        }
    }

    /// The state in words: `delay=200ms drop=no partition=no`.
    var summary: String {
        "delay=\(FaultProxyCommand.milliseconds(delay))ms drop=\(dropping ? "yes" : "no") "
            + "partition=\(partitioned ? "yes" : "no")"
    }
}
