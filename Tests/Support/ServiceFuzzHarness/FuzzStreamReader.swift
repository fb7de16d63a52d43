import QuadWire
import Synchronization

/// Reads a fuzzed stream's first answers: at most ``limit`` of them, and no longer than ``quiet`` after the last one.
///
/// An event source or feed answers what it has at once and then waits for events that, in a fuzz run, never come;
/// the call's deadline ends it then. Waiting for that deadline was most of the fuzzers' time (a `WatchEvents` that
/// replayed its log in a millisecond then waited 250 ms). A stream that has answered and then gone quiet for
/// ``quiet`` is done; the body returns and the call is cancelled, as a client that has what it wanted does. A stream
/// that answers nothing still waits for the deadline, and a refusal ends it at once with its status.
struct FuzzStreamReader: Sendable {
    var limit = 8
    var quiet = Duration.milliseconds(2)

    func read(_ call: RawClientCall) async throws {
        let answers = Answers()
        let limit = self.limit
        let quiet = self.quiet
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await _ in call.responses {
                    if answers.add() >= limit { return }
                }
            }
            group.addTask {
                // Wakes `quiet` after the last answer (or every `quiet` until the first), and ends once none came
                // in between.
                var wake = ContinuousClock.now + quiet
                while true {
                    try await Task.sleep(until: wake, clock: .continuous)
                    guard let last = answers.last else {
                        wake = ContinuousClock.now + quiet
                        continue
                    }
                    if last + quiet <= ContinuousClock.now { return }
                    wake = last + quiet
                }
            }
            // The first to end decides; a refusal thrown by the reader comes out here with its status.
            try await group.next()
            group.cancelAll()
        }
    }

    /// How many answers came, and when the last did.
    private final class Answers: Sendable {
        private let state = Mutex<(count: Int, last: ContinuousClock.Instant?)>((0, nil))

        var last: ContinuousClock.Instant? { state.withLock { $0.last } }

        /// Counts one answer, now, and returns the count.
        func add() -> Int {
            let now = ContinuousClock.now
            return state.withLock { state in
                state.count += 1
                state.last = now
                return state.count
            }
        }
    }
}
