import QuadContracts
public import QuadWire

/// Where jobs learns a customer's pickup place (A4) at submission: identity's `GetPickupPlaces` in the service
/// (``IdentityPickupPlaces``), a table in tests.
public protocol PickupPlaceDirectory: Sendable {
    /// `customer`'s first name, dorm and room, or nil when identity has no such account.
    ///
    /// - Throws: `RPCError` when identity cannot answer (UNAVAILABLE when it is down).
    func pickupPlace(of customer: String) async throws -> JobRecord.Pickup?
}

/// identity's `GetPickupPlaces`, which answers the jobs service only.
public struct IdentityPickupPlaces: PickupPlaceDirectory {
    private let client: Quad_Identity_V1_Identity.Client
    private let timeout: Duration

    /// A directory that asks identity over `transport` (`environment.peers.transport("identity")`), each call waiting
    /// at most `timeout`.
    public init(transport: any ClientTransport, timeout: Duration = .seconds(5)) {
        client = Quad_Identity_V1_Identity.Client(transport: transport)
        self.timeout = timeout
    }

    public func pickupPlace(of customer: String) async throws -> JobRecord.Pickup? {
        let answer = try await client.getPickupPlaces(
            .with { $0.userIds = [customer] },
            options: CallOptions(timeout: timeout)
        )
        return answer.places.first { $0.userID == customer }.map {
            JobRecord.Pickup(firstName: $0.firstName, dorm: $0.dormID, room: $0.room)
        }
    }
}
