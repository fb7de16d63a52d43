import QuadLoad
import Synchronization
import Testing

/// What quad-load says on stderr (issue 11, item 8): phases always, progress as lines when not on a terminal.
@Suite("ProgressReporter")
struct ProgressReporterTests {
    /// A settable instant and everything written.
    final class Recorder: Sendable {
        let start = ContinuousClock.now
        private let elapsed = Mutex(Duration.zero)
        private let written = Mutex<[String]>([])

        var now: ContinuousClock.Instant { start + elapsed.withLock { $0 } }
        var text: String { written.withLock { $0.joined() } }

        func advance(_ duration: Duration) { elapsed.withLock { $0 += duration } }
        func write(_ text: String) { written.withLock { $0.append(text) } }

        func reporter(_ mode: ProgressReporter.Mode) -> ProgressReporter {
            ProgressReporter(mode: mode, now: { self.now }, write: { self.write($0) })
        }
    }

    @Test("not on a terminal: phases on lines of their own, progress at most one line per interval")
    func lines() {
        // Given a reporter for a pipe, one line per 5 s
        let recorder = Recorder()
        let progress = recorder.reporter(.choose(quiet: false, isTerminal: false))
        #expect(progress.mode == .lines(every: .seconds(5)))
        // When a phase is said and progress arrives every second for 11 s
        progress.say("seeding 120 people")
        for second in 0...11 {
            progress.update("t=\(second)s")
            recorder.advance(.seconds(1))
        }
        progress.finishLine()
        // Then the phase and the progress at 0, 5 and 10 s are written, each a line, with no terminal codes
        #expect(recorder.text == "seeding 120 people\nt=0s\nt=5s\nt=10s\n")
    }

    @Test("on a terminal: progress rewrites one line, which a phase ends first")
    func terminal() {
        let recorder = Recorder()
        let progress = recorder.reporter(.choose(quiet: false, isTerminal: true))
        progress.update("seeded 1/2")
        progress.update("seeded 2/2")
        progress.say("running laundry at 20/s")
        #expect(recorder.text == "\r\u{1B}[Kseeded 1/2\r\u{1B}[Kseeded 2/2\nrunning laundry at 20/s\n")
    }

    @Test("quiet says nothing, on a terminal or not")
    func quiet() {
        let recorder = Recorder()
        let progress = recorder.reporter(.choose(quiet: true, isTerminal: false))
        progress.say("seeding")
        progress.update("t=1s")
        progress.finishLine()
        #expect(recorder.text.isEmpty)
    }
}
