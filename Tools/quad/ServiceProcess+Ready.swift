import Foundation

extension ServiceProcess {
    /// How waiting for a service to become ready ended.
    enum Readiness: Sendable {
        /// The service wrote its ready file.
        case ready(ReadyFile)
        /// The process exited (with this status) before it was ready.
        case exited(Int32)
        /// Neither happened in time.
        case timedOut
    }

    /// How often the ready file is looked for.
    static let readyPollInterval: Duration = .milliseconds(100)

    /// Waits for the service's ready file (written by this process, not left by an earlier run), for the process
    /// to exit, or for `timeout` to pass.
    ///
    /// The ready file belongs to another process, so there is nothing to await but the file itself: it is looked
    /// for every ``readyPollInterval``.
    func waitUntilReady(timeout: Duration) async throws -> Readiness {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let data = FileManager.default.contents(atPath: launch.readyFilePath),
                let ready = try? ReadyFile.decode(data), ready.pid == pid
            {
                return .ready(ready)
            }
            if let status = exitStatus { return .exited(status) }
            guard ContinuousClock.now < deadline else { return .timedOut }
            try await Task.sleep(for: Self.readyPollInterval)
        }
    }
}
