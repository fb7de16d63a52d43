import Dispatch
import Foundation

/// SIGINT and SIGTERM as an async sequence, for `quad up` to stop its children before it exits.
///
/// The signals' default action (ending the process at once, orphaning the children) is switched off with
/// `SIG_IGN`, and a dispatch source reports each one instead.
struct TerminationSignals: Sendable {
    /// The signals received, in order.
    let received: AsyncStream<Int32>
    // Dispatch sources are not Sendable; they are only kept alive here and cancelled in `cancel()`.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    /// Starts listening for SIGINT and SIGTERM.
    init() {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        self.received = stream
        self.sources = sources
    }

    /// Returns when the first signal arrives (or the task is cancelled), with its number.
    func first() async -> Int32? {
        for await number in received { return number }
        return nil
    }

    /// The signal's name, for messages.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
