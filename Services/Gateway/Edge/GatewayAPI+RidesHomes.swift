public import QuadContracts
import QuadServiceKit
public import QuadWire

/// G2 for rides (R1, R3): the customer home's ride parts, the caller's open offers and the offers they have an active
/// seat on, each one call to jobs' `Rides/ListMyRides`; and the offerer's view of a seat request, jobs' decision
/// then the rider's public profile from identity.
extension GatewayAPI {
    /// How many offers of one role a home lists.
    static let homeRidesPerRole: UInt32 = 20

    /// The caller's active offers in `role`, as a home part (``FanOut``): its status, its offers and whether there are
    /// more.
    func ridesPart(_ role: Quad_Jobs_V1_RideRole, _ options: CallOptions) async -> Quad_Gateway_V1_RidesPart {
        let part = await FanOut.part {
            try await rides.rides.listMyRides(
                .with {
                    $0.role = role
                    $0.activeOnly = true
                    $0.limit = Self.homeRidesPerRole
                },
                options: options
            )
        }
        return .with {
            $0.status = part.status
            $0.offers = part.value?.offers ?? []
            $0.more = !(part.value?.nextPageToken.isEmpty ?? true)
        }
    }

    /// R3: what the offerer decides a seat request by. The profile is asked for only once jobs named the rider, so a
    /// caller who may not see the request learns nothing of anyone.
    public func getRideRequest(
        request: Quad_Gateway_V1_GetRideRequestRequest,
        context: ServerContext
    ) async throws -> Quad_Gateway_V1_RideRequest {
        let seat = try Self.requireID(request.seatID, field: "seat_id")
        let (_, options) = try await admitHomeCall(Quad_Gateway_V1_Gateway.Method.getRideRequest, context)
        let decision = await FanOut.part {
            try await rides.rides.getSeatDecision(.with { $0.seatID = seat }, options: options)
        }
        guard let riderID = decision.value?.seat.riderID else {
            return .with { answer in
                answer.decision = .with { $0.status = decision.status }
                answer.rider = .with { $0.status = decision.status }
            }
        }
        let profile = await FanOut.part {
            try await rides.identity.getPublicProfile(.with { $0.userID = riderID }, options: options)
        }
        return .with { answer in
            answer.decision = .with {
                $0.status = decision.status
                if let value = decision.value { $0.decision = value }
            }
            answer.rider = .with {
                $0.status = profile.status
                if let value = profile.value { $0.profile = value }
            }
        }
    }
}

/// The clients of the ride parts: jobs, which serves `quad.jobs.v1.Rides`, and identity for riders' profiles.
struct RidesHomeClients: Sendable {
    let rides: Quad_Jobs_V1_Rides.Client
    let identity: Quad_Identity_V1_Identity.Client

    init(jobs: any ClientTransport, identity: any ClientTransport) {
        self.rides = Quad_Jobs_V1_Rides.Client(transport: jobs)
        self.identity = Quad_Identity_V1_Identity.Client(transport: identity)
    }
}
