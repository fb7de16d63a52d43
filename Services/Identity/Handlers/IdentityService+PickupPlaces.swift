public import QuadContracts
import QuadServiceKit
public import QuadWire

/// Where a customer is picked up (A4): their first name, dorm and room, for jobs to show to the customer's assigned
/// dasher only. Rooms are never in a public profile; this method is the one way out of identity for them.
extension IdentityService {
    /// The most users one GetPickupPlaces answers.
    static let pickupPlacesLimit = 200

    /// The peer allowed to ask: jobs, which shows the place to a job's assigned dasher and to no one else.
    static let pickupPlacesPeer = "jobs"

    /// For jobs only: the pickup places of known users, in the order asked; unknown and deleted users are left out.
    /// PERMISSION_DENIED for any other peer (the method is `service_only` as well: never routed by the gateway, and
    /// never on a user's behalf).
    public func getPickupPlaces(
        request: Quad_Identity_V1_GetPickupPlacesRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_GetPickupPlacesResponse {
        try Self.requirePeer(
            context,
            [Self.pickupPlacesPeer],
            method: "GetPickupPlaces",
            why: "rooms are shown to a job's assigned dasher through jobs"
        )
        guard request.userIds.count <= Self.pickupPlacesLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "user_ids: at most \(Self.pickupPlacesLimit) at once, not \(request.userIds.count)"
            )
        }
        let ids = request.userIds
        let records = try await database.accounts(ids: ids)
        return .with {
            $0.places = records.map { record in
                .with {
                    $0.userID = record.account.id
                    $0.firstName = record.account.firstName
                    $0.dormID = record.account.dormID
                    $0.room = record.account.room
                }
            }
        }
    }
}
