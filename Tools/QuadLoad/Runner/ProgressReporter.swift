public import Foundation
import Synchronization

/// What quad-load says while it works, on stderr: its phases (`seeding…`, `running…`) and its progress.
///
/// On a terminal the progress is one line rewritten in place; otherwise (a CI log, `2> file`, a pipe) each
/// update is a line of its own, at most one per ``Mode/lines(every:)`` interval, so a log shows the run moving
/// without a line per second. Quiet says nothing.
public final class ProgressReporter: Sendable {
    /// How progress is shown.
    public enum Mode: Sendable, Hashable {
        /// One line rewritten in place (`\r`, clear to end of line).
        case terminal
        /// A line per update, at most one per `every`; phases always.
        case lines(every: Duration)
        /// Nothing.
        case quiet

        /// The mode for a stream that is (`isTerminal`) or is not a terminal, unless `quiet`: lines every 5 s.
        public static func choose(quiet: Bool, isTerminal: Bool) -> Mode {
            quiet ? .quiet : isTerminal ? .terminal : .lines(every: .seconds(5))
        }
    }

    private struct State {
        var lineOpen = false
        var lastLine: ContinuousClock.Instant?
    }

    /// How progress is shown.
    public let mode: Mode
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    /// A reporter in `mode`, writing with `write` (stderr by default) and reading the time from `now`.
    public init(
        mode: Mode,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.mode = mode
        self.now = now
        self.write = write
    }

    /// Progress: replaces the terminal's line, or writes a line when the interval has passed since the last.
    public func update(_ text: String) {
        switch mode {
        case .quiet:
            return
        case .terminal:
            state.withLock { $0.lineOpen = true }
            write("\r\u{1B}[K" + text)
        case .lines(let every):
            let instant = now()
            let due = state.withLock { state in
                if let last = state.lastLine, instant - last < every { return false }
                state.lastLine = instant
                return true
            }
            if due { write(text + "\n") }
        }
    }

    /// Ends the terminal's progress line, if one is open.
    public func finishLine() {
        guard case .terminal = mode else { return }
        let wasOpen = state.withLock { state in
            defer { state.lineOpen = false }
            return state.lineOpen
        }
        if wasOpen { write("\n") }
    }

    /// A phase, on a line of its own (unless quiet).
    public func say(_ text: String) {
        guard mode != .quiet else { return }
        finishLine()
        write(text + "\n")
    }
}
