/// Waiting for another task's progress that a test cannot await directly (a call that has reached its handler, a
/// count of waiting readers), by yielding rather than sleeping. The wait has a limit: wall time, a cap for a loaded
/// machine rather than a measurement. Without one, a step that failed elsewhere (a call refused while the test waits
/// for it to arrive) spins the test forever, and a CI run with it.
public enum Wait {
    /// Long enough for CI's two cores running every suite at once; an idle machine needs microseconds.
    public static let defaultLimit = LoadedMachine.patience

    /// Yields until `condition` holds; throws ``WaitTimedOut`` naming `what` after `limit`, or when the task is
    /// cancelled (a test's time limit).
    public static func until(
        _ what: String,
        limit: Duration = defaultLimit,
        _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + limit
        while try await !condition() {
            try Task.checkCancellation()
            guard ContinuousClock.now < deadline else { throw WaitTimedOut(what: what, limit: limit) }
            await Task.yield()
        }
    }
}

/// A ``Wait`` that ran out: what never happened, and how long it was waited for.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public var what: String
    public var limit: Duration

    public var description: String { "waited \(limit) and it never happened: \(what)" }
}
