import Synchronization

/// Wakes whoever waits for new rows of a table (the outbox relay, event log watchers) when a
/// transaction that inserted some commits (``TableInsertObserver``).
///
/// A generation counter avoids lost wake-ups: a waiter reads ``generation`` before it looks
/// for work and then waits for a newer one, so a commit in between is never missed.
final class CommitSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// The number of notifications so far.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Records a commit and wakes every waiter.
    func notify() {
        let waiters = state.withLock { state in
            state.generation += 1
            let waiters = state.waiters.values
            state.waiters.removeAll()
            return Array(waiters)
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Returns once ``generation`` is past `generation`, or when the task is cancelled.
    func wait(after generation: UInt64) async {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    // Checked under the lock: a cancellation before this point found no waiter to resume.
                    if state.generation > generation || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
