import Synchronization

/// The checks registered with one admin server; services may add theirs after the server has started.
final class ReadinessChecks: Sendable {
    private let checks: Mutex<[ReadinessCheck]>

    init(_ checks: [ReadinessCheck]) {
        self.checks = Mutex(checks)
    }

    func add(_ check: ReadinessCheck) {
        self.checks.withLock { $0.append(check) }
    }

    /// The reasons of every check that is not ready, as `name: reason`, in registration order.
    func notReadyReasons() async -> [String] {
        let checks = self.checks.withLock { $0 }
        var reasons: [String] = []
        for check in checks {
            if case .notReady(let reason) = await check() {
                reasons.append(check.name.isEmpty ? reason : "\(check.name): \(reason)")
            }
        }
        return reasons
    }
}
