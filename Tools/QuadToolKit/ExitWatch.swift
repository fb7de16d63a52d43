import Synchronization

/// Remembers whether a child process has exited and wakes whoever waits for it.
///
/// ``ChildProcess``'s reaper thread calls ``exited(_:)``; tasks await ``wait()``, which returns at once if the process
/// is already gone and gives up when its task is cancelled.
final class ExitWatch: Sendable {
    private struct State {
        var termination: ChildProcess.Termination?
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Creates a watch for a process that is running.
    init() {}

    /// How the process ended, once it has.
    var termination: ChildProcess.Termination? {
        state.withLock { $0.termination }
    }

    /// Records the exit and wakes every waiter.
    func exited(_ termination: ChildProcess.Termination) {
        let waiters = state.withLock { state in
            state.termination = termination
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when the process has exited or the calling task is cancelled.
    func wait() async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    guard state.termination == nil, !state.cancelled.contains(id) else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled.insert(id)
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume()
        }
    }
}
