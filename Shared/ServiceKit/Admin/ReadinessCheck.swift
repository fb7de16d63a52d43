/// One named condition `/readyz` asks about on every probe.
///
/// The closure should answer quickly from state the service already has (a flag, a connection count);
/// a probe waits for every check.
public struct ReadinessCheck: Sendable {
    /// Names the check in `/readyz` output (`database`, `listener`).
    public let name: String
    private let evaluate: @Sendable () async -> Readiness

    /// Creates a check.
    public init(name: String, _ evaluate: @escaping @Sendable () async -> Readiness) {
        self.name = name
        self.evaluate = evaluate
    }

    /// Asks the check.
    public func callAsFunction() async -> Readiness {
        await self.evaluate()
    }
}
