/// Tracks the admin listener's life so callers can await the bound port: idle, binding, listening, stopped.
///
/// Each event returns what the caller must do with the waiting continuations; the caller resumes them outside
/// the lock that guards this struct.
struct AdminListenerStateMachine {
    typealias Waiter = CheckedContinuation<Int, any Error>

    private enum State {
        case idle(waiters: [Int: Waiter])
        case binding(waiters: [Int: Waiter])
        case listening(port: Int)
        case stopped(AdminServerError)
    }

    /// What `run()` should do when it starts.
    enum StartAction {
        case bind
        case fail(AdminServerError)
    }

    /// What a waiter for the port should do.
    enum WaitAction {
        case resume(Int)
        case fail(AdminServerError)
        case suspended
    }

    private var state: State = .idle(waiters: [:])

    mutating func start() -> StartAction {
        switch self.state {
        case .idle(let waiters):
            self.state = .binding(waiters: waiters)
            return .bind
        case .binding, .listening, .stopped:
            return .fail(AdminServerError(code: .alreadyRunning, message: "run() was already called on this server"))
        }
    }

    /// The listener is bound: every waiter gets the port.
    mutating func bound(port: Int) -> [Waiter] {
        guard case .binding(let waiters) = self.state else {
            return []
        }
        self.state = .listening(port: port)
        return Array(waiters.values)
    }

    /// The listener failed to bind or has closed: every waiter gets `error`, later waiters too.
    mutating func stopped(_ error: AdminServerError) -> [Waiter] {
        switch self.state {
        case .idle(let waiters), .binding(let waiters):
            self.state = .stopped(error)
            return Array(waiters.values)
        case .listening:
            self.state = .stopped(error)
            return []
        case .stopped:
            return []
        }
    }

    mutating func waitForPort(id: Int, continuation: Waiter) -> WaitAction {
        switch self.state {
        case .idle(var waiters):
            waiters[id] = continuation
            self.state = .idle(waiters: waiters)
            return .suspended
        case .binding(var waiters):
            waiters[id] = continuation
            self.state = .binding(waiters: waiters)
            return .suspended
        case .listening(let port):
            return .resume(port)
        case .stopped(let error):
            return .fail(error)
        }
    }

    /// The waiter's task was cancelled: hand its continuation back if it is still waiting.
    mutating func cancelWaiter(id: Int) -> Waiter? {
        switch self.state {
        case .idle(var waiters):
            let waiter = waiters.removeValue(forKey: id)
            self.state = .idle(waiters: waiters)
            return waiter
        case .binding(var waiters):
            let waiter = waiters.removeValue(forKey: id)
            self.state = .binding(waiters: waiters)
            return waiter
        case .listening, .stopped:
            return nil
        }
    }
}
