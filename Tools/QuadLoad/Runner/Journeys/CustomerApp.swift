import QuadContracts
import QuadToolKit

/// A seeded customer's app, opened on its home screen: who they are, the bearer their calls carry,
/// and the gateway and jobs clients on their own device. The customer journeys start here.
struct CustomerApp {
    let customer: DemoSeeder.Seeded
    let bearer: [String: String]
    let gateway: Quad_Gateway_V1_Gateway.Client
    let jobs: Quad_Jobs_V1_Jobs.Client

    /// Picks a customer at random and loads their home screen (`gateway.GetCustomerHome`).
    static func open(_ session: JourneySession) async throws -> CustomerApp {
        let customer = try session.randomCustomer()
        let device = session.device(of: customer)
        let app = CustomerApp(
            customer: customer,
            bearer: session.population.bearer(customer),
            gateway: Quad_Gateway_V1_Gateway.Client(transport: device),
            jobs: Quad_Jobs_V1_Jobs.Client(transport: device)
        )
        _ = try await session.call("gateway.GetCustomerHome", metadata: app.bearer) {
            try await app.gateway.getCustomerHome(.init(), options: $0)
        }
        return app
    }
}
