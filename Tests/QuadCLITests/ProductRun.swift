import Foundation
import ServiceTestSupport
import Testing

@testable import quad

/// One run of a built product to completion: its exit status and its stdout and stderr together.
struct ProductRun: Sendable {
    /// The exit status.
    var status: Int32
    /// Stdout and stderr, interleaved as written.
    var output: String

    /// Runs the product `name` from the build directory with `arguments`, its output in a file in `directory`.
    static func run(_ name: String, _ arguments: [String], in directory: String) async throws -> ProductRun {
        let file = "\(directory)/\(UUID().uuidString)"
        let process = try ServiceProcess.start(
            ServiceProcess.Launch(
                service: name,
                executable: BuildProducts.path(name),
                arguments: arguments,
                logPath: file + ".out",
                readyFilePath: file + ".unused"
            )
        )
        let finished = await process.waitForExit(timeout: .seconds(60))
        process.send(SIGKILL)
        #expect(finished, "\(name) \(arguments) did not finish within 60 s")
        let output = (try? String(contentsOfFile: file + ".out", encoding: .utf8)) ?? ""
        return ProductRun(status: process.exitStatus ?? -1, output: output)
    }
}
