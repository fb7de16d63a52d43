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
    var quiet = Duration.milliseconds(5)

    func read(_ call: RawClientCall) async throws {
        let answers = AnswerCount()
        let limit = self.limit
        let quiet = self.quiet
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await _ in call.responses {
                    if answers.add() >= limit { return }
                }
            }
            group.addTask {
                var seen = 0
                while true {
                    try await Task.sleep(for: quiet)
                    let now = answers.count
                    if now > 0 && now == seen { return }
                    seen = now
                }
            }
            // The first to end decides; a refusal thrown by the reader comes out here with its status.
            try await group.next()
            group.cancelAll()
        }
    }

    private final class AnswerCount: Sendable {
        private let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
        /// Counts one answer and returns the count.
        func add() -> Int { value.add(1, ordering: .relaxed).newValue }
    }
}
