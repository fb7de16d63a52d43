import Synchronization

/// A one-shot signal that a call's handler must stop (Cancel frame, deadline, closed
/// connection). The call runner races the handler against ``wait()`` in a task group and
/// cancels the group when the signal fires first, so the handler's task is cancelled.
final class CallCancellation: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Bool, Never>?)
        case fired
        case finished
    }

    private let state = Mutex(State.waiting(nil))

    /// Fires the signal; the handler will be cancelled.
    func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .fired
            return continuation
        }
        continuation?.resume(returning: true)
    }

    var hasFired: Bool {
        state.withLock { if case .fired = $0 { true } else { false } }
    }

    /// Returns true when the signal fired, false when the waiter was cancelled (handler done).
    func wait() async -> Bool {
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
            let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard case .waiting(let continuation) = state else { return nil }
                state = .finished
                return continuation
            }
            continuation?.resume(returning: false)
        }
    }
}
