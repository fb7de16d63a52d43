import Foundation
import GRDB
import MatchingDomain
import QuadContracts
import QuadServiceKit
import QuadStorage
import SwiftProtobuf

/// Carries out a dorm queue's events towards people and the other contexts, in the transaction that stores the
/// queue, so nobody is told of a change that was not stored: feed events (`quad.matching.v1.MatchingEvent`) to the
/// dasher or customer concerned, and `offer.accepted` to jobs through the outbox.
enum MatchingEffects {
    static func carryOut(_ events: [MatchingEvent], of stored: StoredZoneQueue, at now: Int64, _ db: Database) throws {
        for event in events {
            switch event {
            case .offerMade(let offer):
                try feed(kind: "offer_made", to: offer.dasher, offer: stored.stored(offer), at: now, db)
            case .offerExpired(let offer):
                try feed(kind: "offer_expired", to: offer.dasher, offer: stored.stored(offer), at: now, db)
            case .offerWithdrawn(let offer, let reason):
                try feed(
                    kind: "offer_withdrawn",
                    to: offer.dasher,
                    offer: stored.stored(offer),
                    reason: reason.rawValue,
                    at: now,
                    db
                )
            case .jobQueued(let job, let customer):
                try feed(kind: "job_queued", to: customer, job: job, at: now, db)
            case .jobRequeued(let job, let customer, _):
                try feed(kind: "job_queued", to: customer, job: job, reason: "dasher_rejected", at: now, db)
            case .preferredDasherUnavailable(let job, let customer, _, let reason):
                try feed(
                    kind: "preferred_dasher_unavailable",
                    to: customer,
                    job: job,
                    reason: reason.rawValue,
                    at: now,
                    db
                )
            case .offerAccepted(let offer, _):
                let accepted = Quad_Matching_V1_OfferAccepted.with {
                    $0.offerID = offer.id
                    $0.jobID = offer.job
                    $0.dasherID = offer.dasher
                    $0.atMicros = now
                }
                try Quad_Matching_V1_Matching.Events.send(
                    accepted,
                    key: "\(offer.id):\(Quad_Matching_V1_OfferAccepted.topic)",
                    into: db.outbox
                )
            case .dasherStartedAccepting, .dasherStoppedAccepting, .jobCancelled, .offerDeclined:
                // Nobody needs telling: the caller made the change and has the answer, or (a cancellation) jobs told
                // the people concerned; an offer withdrawn with it has its own event.
                break
            }
        }
    }

    private static func feed(
        kind: String,
        to userID: String,
        offer: StoredOffer? = nil,
        job: String? = nil,
        reason: String = "",
        at now: Int64,
        _ db: Database
    ) throws {
        let event = Quad_Matching_V1_MatchingEvent.with {
            $0.kind = kind
            if let offer { $0.offer = MatchingProtoMapping.offer(offer) }
            $0.jobID = job ?? offer?.offer.job ?? ""
            $0.reason = reason
        }
        try EventLog.append(
            db,
            userID: userID,
            type: Quad_Matching_V1_MatchingEvent.protoMessageName,
            payload: try event.serializedData(),
            occurredAt: Date(micros: now)
        )
    }
}
