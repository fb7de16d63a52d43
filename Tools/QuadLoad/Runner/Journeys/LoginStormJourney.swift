import QuadContracts
import QuadToolKit
import QuadWire

/// A login storm (A2): everyone opens the app at once after a push. A customer signs in with their
/// password (a full scrypt hash on identity) and loads their profile with the new token.
public struct LoginStormJourney: Journey {
    public let name = "login-storm"

    public init() {}

    public func run(_ session: JourneySession) async throws {
        let customer = try session.randomCustomer()
        let identity = Quad_Identity_V1_Identity.Client(transport: session.device(of: customer))
        let password = session.population.password
        let login = try await session.call("identity.Login") {
            try await identity.login(
                .with {
                    $0.email = customer.email; $0.password = password
                },
                options: $0
            )
        }
        _ = try await session.call(
            "identity.GetMyProfile",
            metadata: ["authorization": "Bearer \(login.session.accessToken)"]
        ) {
            try await identity.getMyProfile(.init(), options: $0)
        }
    }
}
