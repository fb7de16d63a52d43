import Foundation
import GRDB
import JobsRides
import QuadContracts
import QuadStorage
import QuadServiceKit

/// Carries out what an offer's operation did towards the other contexts and the feeds, in the transaction that
/// stores it (as ``ErrandsOutbox`` does errands'): `ride.offer_changed` to matching at every new version, payments'
/// `job.posted` (a seat's hold confirmed at acceptance), `job.cancelled` (released), `job.completed` (the share
/// captured, product `rides`), identity's `review.submitted`; and `RideChanged` on the feeds of the offerer and the
/// riders concerned. Keys are unique per effect.
enum RidesOutbox {
    /// Stores `offer` and every seat of `seats` that `outcome` names, sends what they did, and logs it for the feeds.
    /// `versionBefore` is the offer's version before the operation: a new one goes to matching.
    static func apply(
        _ outcome: RideOutcome,
        offer: RideOffer,
        versionBefore: Int64?,
        seats: inout [RideSeatRecord],
        at: Int64,
        _ db: Database
    ) throws {
        if offer.version != versionBefore {
            try RidesStore.save(offer, db)
            try Quad_Jobs_V1_Jobs.Events.send(
                RidesProtoMapping.changed(offer),
                key: "\(offer.id):\(Quad_Jobs_V1_RideOfferChanged.topic):\(offer.version)",
                into: db.outbox
            )
        }
        var changes: [(change: String, seatID: String?)] = []
        for event in outcome.offer {
            switch event {
            case .created: changes.append(("offered", nil))
            case .edited: changes.append(("edited", nil))
            case .cancelled: changes.append(("cancelled", nil))
            case .fareRecorded: changes.append(("fare_recorded", nil))
            case .riderAdded, .riderRemoved: break  // the seat's own change says it
            }
        }
        for changed in outcome.seats {
            guard let index = seats.firstIndex(where: { $0.seat.id == changed.seatID }) else { continue }
            seats[index].updatedAt = max(seats[index].updatedAt, at)
            for event in changed.events {
                if let change = try send(event, record: &seats[index], offer: offer, at: at, db) {
                    changes.append((change, changed.seatID))
                }
            }
            try RidesStore.save(seats[index], db)
        }
        try RidesFeed.log(changes, offer: offer, seats: seats, at: at, db)
    }

    /// Sends what `event` of `record` asks of the other contexts; the feed's change it is, if it is one of its own.
    private static func send(
        _ event: RideSeatEvent,
        record: inout RideSeatRecord,
        offer: RideOffer,
        at: Int64,
        _ db: Database
    ) throws -> String? {
        let seat = record.seat
        switch event {
        case .requested: return "seat_requested"
        case .accepted(_, let hold):
            try JobsOutbox.sendPosted(jobID: seat.id, intent: hold.paymentIntentID, db)
            record.paymentState = .held
            return "seat_accepted"
        case .cancelled(let cancellation):
            if let intent = cancellation.paymentIntentID {
                try JobsOutbox.sendCancelled(
                    jobID: seat.id,
                    intent: intent,
                    zone: offer.id,
                    worker: cancellation.offererToNotify,
                    at: at,
                    db
                )
                record.paymentState = .releasePending
            }
            switch cancellation.ending {
            case .withdrawn: return "seat_cancelled"
            case .rejected: return "seat_rejected"
            case .offerCancelled, .offerEnded: return nil  // the offer's change says it
            }
        case .settled(let completion):
            let completed = Quad_Jobs_V1_JobCompleted.with {
                $0.jobID = seat.id
                $0.paymentIntentID = completion.paymentIntentID
                $0.customerID = completion.rider
                $0.dasherID = completion.offerer
                $0.finalTotal = JobsProtoMapping.amount(completion.charged)
                $0.aboveHoldApproved = completion.aboveHoldApproved
                $0.atMicros = at
                $0.product = RidesProduct.id
                $0.lines = [
                    .with {
                        $0.code = RidesProduct.fareShareCode
                        $0.quantity = 1
                        $0.amount = JobsProtoMapping.amount(completion.share)
                    }
                ]
            }
            try Quad_Jobs_V1_Jobs.Events.send(
                completed,
                key: "\(seat.id):\(Quad_Jobs_V1_JobCompleted.topic)",
                into: db.outbox
            )
            record.paymentState = .capturePending
            return completion.aboveHoldApproved ? "fare_approved" : nil
        case .reviewed(let review):
            let submitted = Quad_Jobs_V1_ReviewSubmitted.with {
                $0.review = JobsProtoMapping.review(review, jobID: seat.id)
            }
            let key = "\(seat.id):\(Quad_Jobs_V1_ReviewSubmitted.topic):\(review.side.rawValue)"
            try Quad_Jobs_V1_Jobs.Events.send(submitted, key: key, into: db.outbox)
            return "reviewed"
        case .shareAwaitsApproval, .offererSentAway, .disputeOpened:
            // The fare's change tells the rider; rides have no way to send the offerer away, nor a dispute method.
            return nil
        }
    }
}

/// The ride changes jobs logs for the feeds (G3), in the transaction of the change: a change of the offer to its
/// offerer and every rider with an active seat or one the change ended; a seat's change to its offerer and its
/// rider. Each sees the offer as they may (``RidesProtoMapping/offer(_:seats:for:)``).
enum RidesFeed {
    static func log(
        _ changes: [(change: String, seatID: String?)],
        offer: RideOffer,
        seats: [RideSeatRecord],
        at: Int64,
        _ db: Database
    ) throws {
        guard !changes.isEmpty else { return }
        let occurredAt = Date(micros: at)
        var views: [String: Quad_Jobs_V1_RideOffer] = [:]
        for (change, seatID) in changes {
            var recipients = [offer.offerer]
            if let seatID, let seat = seats.first(where: { $0.seat.id == seatID }) {
                recipients.append(seat.seat.rider)
            } else {
                for seat in seats where seat.seat.status == .active || seat.updatedAt == at {
                    if !recipients.contains(seat.seat.rider) { recipients.append(seat.seat.rider) }
                }
            }
            for user in recipients {
                let view = views[user] ?? RidesProtoMapping.offer(offer, seats: seats, for: user)
                views[user] = view
                let payload = try Quad_Jobs_V1_RideChanged.with {
                    $0.change = change
                    $0.offer = view
                    $0.seatID = seatID ?? ""
                }.serializedData()
                try EventLog.append(
                    db,
                    userID: user,
                    type: Quad_Jobs_V1_RideChanged.protoMessageName,
                    payload: payload,
                    occurredAt: occurredAt
                )
            }
        }
    }
}
