import Synchronization

/// A one-shot signal between a call's connection and its runner: either the call must stop
/// (Cancel frame, deadline, closed connection: ``fire()``) or its handler returned first
/// (``handlerReturned()``). The runner waits on it beside the handler's task and cancels that
/// task when the signal fires first.
package final class CallCancellation: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Bool, Never>?)
        case fired
        case finished
    }

    private let state = Mutex(State.waiting(nil))

    package init() {}

    /// Fires the signal; the handler will be cancelled.
    package func fire() {
        resume(becoming: .fired, with: true)
    }

    /// The handler returned: the waiter stops waiting and a later ``fire()`` does nothing.
    package func handlerReturned() {
        resume(becoming: .finished, with: false)
    }

    package var hasFired: Bool {
        state.withLock { if case .fired = $0 { true } else { false } }
    }

    /// Returns true when the signal fired, false when the handler returned first or the
    /// waiting task was cancelled.
    package func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let resumeWith: Bool? = state.withLock { state in
                    switch state {
                    case .waiting:
                        state = .waiting(continuation)
                        return nil
                    case .fired: return true
                    case .finished: return false
                    }
                }
                if let resumeWith { continuation.resume(returning: resumeWith) }
            }
        } onCancel: {
            resume(becoming: .finished, with: false)
        }
    }

    private func resume(becoming next: State, with value: Bool) {
        let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = next
            return continuation
        }
        continuation?.resume(returning: value)
    }
}
