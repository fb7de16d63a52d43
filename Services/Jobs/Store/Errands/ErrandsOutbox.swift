import ErrandsKernel
import Foundation
import GRDB
import JobsErrands
import QuadContracts
import QuadServiceKit
import QuadStorage

/// Carries out an errand's events towards the other contexts, as ``JobsOutbox`` does laundry's: outbox messages in
/// the transaction that stores the errand, through the typed sends of jobs.proto, keys unique per effect. Errands
/// do not go through matching: the feed is jobs' own, and acceptance a conditional write of the errand.
enum ErrandsOutbox {
    static func send(_ events: [ErrandEvent], record: inout ErrandRecord, at: Int64, _ db: Database) throws {
        let errand = record.errand
        for event in events {
            switch event {
            case .submitted:
                try JobsOutbox.sendPosted(jobID: errand.id, intent: errand.request.paymentIntentID, db)
            case .cancelled(let cancellation):
                try JobsOutbox.sendCancelled(
                    jobID: errand.id,
                    intent: cancellation.paymentIntentID,
                    zone: errand.request.campus,
                    worker: cancellation.buyerToNotify,
                    at: at,
                    db
                )
                record.paymentState = .releasePending
            case .completed(let completion):
                let request = errand.request
                let completed = Quad_Jobs_V1_JobCompleted.with {
                    $0.jobID = errand.id
                    $0.paymentIntentID = completion.paymentIntentID
                    $0.customerID = completion.requester
                    $0.dasherID = completion.buyer
                    $0.finalTotal = JobsProtoMapping.amount(completion.total)
                    // Delivery happens only once every item above its maximum was approved (the domain refuses it
                    // otherwise), and the rest is within the hold.
                    $0.aboveHoldApproved = true
                    $0.atMicros = at
                    $0.product = ErrandsProduct.id
                    $0.lines =
                        completion.purchase.bought(of: request).map { line in
                            Quad_Payments_V1_QuoteItem.with {
                                $0.code = ErrandItemCode.item
                                $0.quantity = UInt32(clamping: line.quantity)
                                $0.amount = JobsProtoMapping.amount(line.price)
                            }
                        } + [
                            .with {
                                $0.code = ErrandItemCode.deliveryFee
                                $0.quantity = 1
                                $0.amount = JobsProtoMapping.amount(request.deliveryFee)
                            }
                        ]
                }
                try Quad_Jobs_V1_Jobs.Events.send(
                    completed,
                    key: "\(errand.id):\(Quad_Jobs_V1_JobCompleted.topic)",
                    into: db.outbox
                )
                record.paymentState = .capturePending
            case .reviewed(let review):
                let submitted = Quad_Jobs_V1_ReviewSubmitted.with {
                    $0.review = JobsProtoMapping.review(review, jobID: errand.id)
                }
                let key = "\(errand.id):\(Quad_Jobs_V1_ReviewSubmitted.topic):\(review.side.rawValue)"
                try Quad_Jobs_V1_Jobs.Events.send(submitted, key: key, into: db.outbox)
            case .buyerAssigned, .buyerRejected, .cancellationRequested, .cancellationAgreed, .cancellationDeclined,
                .updatePosted, .purchaseRecorded, .purchaseApproved, .disputeOpened:
                // The two people hear of these through their feeds (ErrandsFeed); no other context needs them.
                // Errands have no dispute method, so no claim is ever opened.
                break
            }
        }
    }
}

/// The errand changes jobs logs for the requester's and the buyer's feeds (G3), in the transaction of the change.
enum ErrandsFeed {
    /// One `ErrandChanged` per `change`, carrying `view` (the errand as it now stands, which the caller maps once and
    /// also answers with), for the requester and the buyers before and after the change (a buyer sent away or
    /// cancelled on hears of it).
    static func log(
        _ changes: [String],
        record: ErrandRecord,
        view: Quad_Jobs_V1_Errand,
        buyerBefore: String?,
        at: Int64,
        _ db: Database
    ) throws {
        guard !changes.isEmpty else { return }
        var recipients = [record.errand.requester]
        for buyer in [buyerBefore, record.errand.buyer].compactMap({ $0 }) where !recipients.contains(buyer) {
            recipients.append(buyer)
        }
        let occurredAt = Date(micros: at)
        for change in changes {
            let payload = try Quad_Jobs_V1_ErrandChanged.with {
                $0.change = change
                $0.errand = view
            }.serializedData()
            for user in recipients {
                try EventLog.append(
                    db,
                    userID: user,
                    type: Quad_Jobs_V1_ErrandChanged.protoMessageName,
                    payload: payload,
                    occurredAt: occurredAt
                )
            }
        }
    }
}
