import QuadBuiltInContracts
import QuadWire

/// One `Health/Check` of the target: the cheapest call there is, for the harness's own limit and
/// for testing the harness against a fake target.
public struct PingJourney: Journey {
    public let name = "ping"

    public init() {}

    public func run(_ session: JourneySession) async throws {
        let health = Quad_Health_V1_Health.Client(transport: session.transport)
        _ = try await session.call("health.Check") { try await health.check(.init(), options: $0) }
    }
}
