import Synchronization

/// A readiness flag a service flips as it starts and drains; ``check`` plugs it into the admin server.
///
/// ```swift
/// let database = ReadinessGate(name: "database")   // not ready: "starting"
/// admin.addReadinessCheck(database.check)
/// // ... migrations applied
/// database.markReady()
/// ```
public final class ReadinessGate: Sendable {
    /// Names the gate in `/readyz` output.
    public let name: String
    private let state: Mutex<Readiness>

    /// Creates a gate, not ready with reason "starting" unless told otherwise.
    public init(name: String, initial: Readiness = .notReady("starting")) {
        self.name = name
        self.state = Mutex(initial)
    }

    /// The current answer.
    public var current: Readiness {
        self.state.withLock { $0 }
    }

    /// Marks the gate ready.
    public func markReady() {
        self.state.withLock { $0 = .ready }
    }

    /// Marks the gate not ready, with the reason `/readyz` shows.
    public func markNotReady(_ reason: String) {
        self.state.withLock { $0 = .notReady(reason) }
    }

    /// A readiness check that reads this gate.
    public var check: ReadinessCheck {
        ReadinessCheck(name: self.name) { self.current }
    }
}
