public import QuadContracts
import QuadServiceKit
public import QuadWire

extension JobsService {
    /// F8, L13, E5, R4, for fleet-documents: a job's documents (dispute evidence, an errand's receipts) are seen and
    /// added by its customer and its assigned worker; a ride offer's receipt by its offerer (its riders see it); each
    /// deletes only their own uploads.
    public func documentAccess(
        request: Quad_Documents_V1_DocumentAccessRequest,
        context: ServerContext
    ) async throws -> Quad_Documents_V1_DocumentAccessResponse {
        guard request.ownerKind == .job else {
            throw RPCError(
                code: .invalidArgument,
                message: "owner_kind: jobs answers for OWNER_KIND_JOB only, not \(request.ownerKind)"
            )
        }
        guard !request.ownerID.isEmpty, !request.userID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "owner_id and user_id: name the job and the user")
        }
        let party: Bool
        if let record = try await refusingAsRPC({ try await database.job(id: request.ownerID) }) {
            party = record.isVisible(to: request.userID)
        } else if let errand = try await refusingAsRPC({ try await database.errand(id: request.ownerID) }) {
            // An errand's receipts (E5): its requester and its buyer.
            party = errand.isParty(request.userID)
        } else if let ride = try await refusingAsRPC({ try await database.rideState(offerID: request.ownerID) }) {
            // A ride's fare receipt (R4): its offerer adds it; they and the riders who had a seat see it.
            let offerer = ride.offer.offerer == request.userID
            return .with {
                $0.exists = true
                $0.mayView = offerer || ride.seats.contains { $0.seat.rider == request.userID }
                $0.mayAdd = offerer
                $0.mayDeleteAny = false
            }
        } else {
            return .init()
        }
        return .with {
            $0.exists = true
            $0.mayView = party
            $0.mayAdd = party
            $0.mayDeleteAny = false
        }
    }
}
