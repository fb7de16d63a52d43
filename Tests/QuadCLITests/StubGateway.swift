import QuadContracts
import QuadWire

/// A product's service for `quad call` and reflection to find: `quad.gateway.v1.Gateway`, whose file imports
/// identity's, jobs', matching's, payments' and freight's. GetHome answers a fixed home, Subscribe one `subscribed` message
/// after the event id it was given; the other methods are not served.
struct StubGateway: Quad_Gateway_V1_Gateway.ServiceProtocol {
    func getHome(request: Quad_Gateway_V1_GetHomeRequest, context: ServerContext) async throws -> Quad_Gateway_V1_Home {
        .with { home in
            home.profile = .with {
                $0.status = .with { $0.code = 0 }; $0.profile = .with { $0.firstName = "Ada" }
            }
            home.campus = .with {
                $0.status = .with { $0.code = 0 }; $0.campus = .with { $0.name = "North Campus" }
            }
        }
    }

    func getCustomerHome(
        request: Quad_Gateway_V1_GetCustomerHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_CustomerHome {
        throw RPCError(code: .unimplemented, message: "the stub gateway has no customer home")
    }

    func getDasherHome(
        request: Quad_Gateway_V1_GetDasherHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_DasherHome {
        throw RPCError(code: .unimplemented, message: "the stub gateway has no dasher home")
    }

    func getDispatcherHome(
        request: Quad_Gateway_V1_GetDispatcherHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_DispatcherHome {
        throw RPCError(code: .unimplemented, message: "the stub gateway has no dispatcher home")
    }

    func getDriverHome(
        request: Quad_Gateway_V1_GetDriverHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_DriverHome {
        throw RPCError(code: .unimplemented, message: "the stub gateway has no driver home")
    }

    func getHouseholdHome(
        request: Quad_Gateway_V1_GetHouseholdHomeRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_HouseholdHome {
        throw RPCError(code: .unimplemented, message: "the stub gateway has no household home")
    }

    func getRideRequest(
        request: Quad_Gateway_V1_GetRideRequestRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_RideRequest {
        throw RPCError(code: .unimplemented, message: "the stub gateway has no ride requests")
    }

    func subscribe(
        request: Quad_Gateway_V1_SubscribeRequest,
        response: MessageWriter<Quad_Gateway_V1_FeedMessage>,
        context: ServerContext
    ) async throws {
        try await response.send(.with { $0.subscribed = .with { $0.currentEventID = request.lastEventID + 1 } })
    }
}
