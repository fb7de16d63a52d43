import Foundation
import JobsRides
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

extension RidesService {
    /// R4: the offerer records the metered fare at or after departure, with an optional receipt (a RECEIPT document
    /// of the offer in fleet-documents): each rider's share is settled within their hold (payments captures it and
    /// reimburses the offerer) or waits for their approval above it; requests never answered end. Needs
    /// `idempotency-key`: a repeat answers the same.
    public func recordFare(request: Quad_Jobs_V1_RecordFareRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideOffer
    {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        try Self.require(request.offerID, "offer_id", "the offer")
        guard request.hasFare else {
            throw RPCError(
                code: .invalidArgument,
                message: "fare is required: what the meter said, in the offer's currency"
            )
        }
        let fare = JobsProtoMapping.money(request.fare)
        let receipt = request.receiptDocumentID.isEmpty ? nil : request.receiptDocumentID
        if let receipt { try await requireReceipt(receipt, of: request.offerID) }
        let configuration = configuration.ride
        let offer = try await refusingAsRPC {
            try await database.changeRideOffer(
                id: request.offerID,
                by: caller.userID,
                now: nowMicros,
                idempotency: "quad.jobs.v1.Rides/RecordFare:\(caller.userID)",
                key: key,
                wire: request
            ) { offer, seats, at in
                try offer.recordFare(
                    by: caller.userID,
                    fare,
                    receiptDocumentID: receipt,
                    seats: &seats,
                    at: at,
                    configuration: configuration
                )
            }
        }
        guard let offer else { throw Self.offerNotFound(request.offerID) }
        return offer
    }

    /// Refuses a receipt that is not a RECEIPT document of offer `offerID` in fleet-documents.
    private func requireReceipt(_ documentID: String, of offerID: String) async throws {
        try await documents.require(
            documentID,
            of: .job,
            offerID,
            purpose: .receipt,
            refusal: RPCError(
                code: .invalidArgument,
                message: "receipt_document_id: \(documentID) is not a receipt of offer \(offerID); upload the photo "
                    + "to fleet-documents as a RECEIPT of the offer first"
            ),
            unavailable: "fleet-documents cannot check the receipt now; nothing changed: retry"
        )
    }

    /// R4: the rider approves a share above their hold: it is captured (the hold and a second charge).
    public func approveFare(request: Quad_Jobs_V1_ApproveFareRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideSeat
    {
        let caller = try context.requireCaller()
        return try await changeSeat(request.seatID, caller: caller) { _, seat, at in
            RideOutcome(seats: [
                RideSeatEvents(seatID: seat.id, events: try seat.approveShare(by: caller.userID, at: at))
            ])
        }
    }

    /// R4: each side rates the other once, within 14 days of the seat's settlement; identity adds the stars.
    public func reviewRide(request: Quad_Jobs_V1_ReviewRideRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_Review
    {
        let caller = try context.requireCaller()
        let stars = Int(clamping: request.stars)
        let text = request.text
        let configuration = configuration.ride
        let seat = try await changeSeat(request.seatID, caller: caller) { _, seat, at in
            let events = try seat.review(
                by: caller.userID,
                stars: stars,
                text: text,
                at: at,
                configuration: configuration
            )
            return RideOutcome(seats: [RideSeatEvents(seatID: seat.id, events: events)])
        }
        let review = seat.riderReview.reviewerID == caller.userID ? seat.riderReview : seat.offererReview
        return review
    }
}
