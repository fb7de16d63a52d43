import Foundation
import Synchronization

/// The progress line on a terminal (rewritten in place on stderr), nothing when not a terminal.
final class Progress: Sendable {
    private let enabled: Bool
    private let open = Mutex(false)

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Replaces the current line with `text`.
    func update(_ text: String) {
        guard enabled else { return }
        open.withLock { $0 = true }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Ends the current line, if one is open.
    func finishLine() {
        guard enabled else { return }
        let wasOpen = open.withLock { state in
            defer { state = false }
            return state
        }
        if wasOpen { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// A line of its own.
    func say(_ text: String) {
        guard enabled else { return }
        finishLine()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
