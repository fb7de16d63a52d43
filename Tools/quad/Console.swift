import Foundation

/// Unbuffered writes to stdout and stderr, so a streamed response shows as soon as it arrives and error lines
/// never overtake the output before them.
enum Console {
    /// Writes `text` and a newline to stdout.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text` and a newline to stderr.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
