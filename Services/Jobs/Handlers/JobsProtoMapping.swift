import Foundation
import JobsLaundry
import LaundryWire
import QuadContracts
import QuadServiceKit
import QuadWire

/// Between jobs' domain values and the wire's messages.
enum JobsProtoMapping {
    static func amount(_ money: Money) -> Quad_Types_V1_Amount { Quad_Types_V1_Amount(money) }

    static func money(_ amount: Quad_Types_V1_Amount) -> Money { amount.money }

    /// The add-ons a request names; INVALID_ARGUMENT naming the first that is not one.
    static func addOns(_ values: [Quad_Types_V1_LaundryAddOn]) throws -> Set<LaundryAddOn> {
        try LaundryAddOn.set(fromWire: values)
    }

    static func sortedAddOns(_ addOns: Set<LaundryAddOn>) -> [Quad_Types_V1_LaundryAddOn] {
        addOns.sorted().map(\.wire)
    }

    static func stage(_ stage: LaundryStage) -> Quad_Jobs_V1_LaundryStage {
        Quad_Jobs_V1_LaundryStage(rawValue: stage.rawValue) ?? .waitingForDasher
    }

    static func disputeReason(_ reason: DisputeClaim.Reason) -> Quad_Jobs_V1_DisputeReason {
        switch reason {
        case .stolenItems: .stolenItems
        case .damagedItems: .damagedItems
        case .notDone: .notDone
        }
    }

    /// The reason a request names; INVALID_ARGUMENT when it names none.
    static func disputeReason(_ reason: Quad_Jobs_V1_DisputeReason) throws -> DisputeClaim.Reason {
        switch reason {
        case .stolenItems: return .stolenItems
        case .damagedItems: return .damagedItems
        case .notDone: return .notDone
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message:
                    "reason: say why (DISPUTE_REASON_STOLEN_ITEMS, DISPUTE_REASON_DAMAGED_ITEMS or DISPUTE_REASON_NOT_DONE)"
            )
        }
    }

    static func review(_ review: JobReview, jobID: String) -> Quad_Jobs_V1_Review {
        .with {
            $0.jobID = jobID
            $0.reviewerID = review.author
            $0.subjectID = review.subject
            $0.stars = UInt32(review.stars)
            $0.text = review.text ?? ""
            $0.atMicros = review.writtenAt
        }
    }

    static func paymentState(_ state: JobRecord.PaymentState) -> Quad_Jobs_V1_PaymentState {
        switch state {
        case .held: .held
        case .releasePending: .releasePending
        case .released: .released
        case .capturePending: .capturePending
        case .paid: .paid
        }
    }

    /// What `viewer` sees of the job: everyone allowed to see it sees the same, except ``JobRecord/pickup``, which
    /// only the assigned dasher of an active job sees (``JobRecord/showsPickup(to:)``, A4).
    static func job(_ record: JobRecord, for viewer: String?) -> Quad_Jobs_V1_LaundryJob {
        var job = job(record)
        if let pickup = record.pickup, record.showsPickup(to: viewer) { job.pickup = self.pickup(pickup) }
        return job
    }

    /// The pickup place as the wire (and the store's pickup column) carries it.
    static func pickup(_ pickup: JobRecord.Pickup) -> Quad_Jobs_V1_Pickup {
        .with {
            $0.firstName = pickup.firstName
            $0.dormID = pickup.dorm
            $0.room = pickup.room
        }
    }

    /// What the job's customer sees of it, and what anyone does but its assigned dasher: never the pickup place.
    ///
    /// This is also each job's stored view (`JobsStore.save`), which the reads send as it is: a change to what it
    /// returns needs a migration that writes the stored views again (`JobsStore.rewriteViews`, as jobs.v5 does).
    static func job(_ record: JobRecord) -> Quad_Jobs_V1_LaundryJob {
        let job = record.job
        let submission = job.submission
        return .with {
            $0.jobID = job.id
            $0.customerID = job.customer
            $0.dormID = submission.dorm
            $0.dasherID = job.dasher ?? ""
            $0.stage = stage(job.stage)
            switch job.status {
            case .active: $0.status = .open
            case .cancelled: $0.status = .cancelled
            case .completed: $0.status = .completed
            }
            $0.estimatedLoads = UInt32(submission.estimatedLoads)
            $0.instructions = submission.instructions
            $0.pickupAtMicros = submission.pickupAt
            $0.dropOffAtMicros = submission.dropOffAt
            $0.addOns = sortedAddOns(submission.addOns)
            $0.preferredDasherID = submission.preferredDasher ?? ""
            $0.estimate = record.estimateQuote
            if let price = job.finalPrice {
                $0.finalPrice = .with {
                    $0.actualLoads = UInt32(price.actualLoads)
                    $0.machineCost = amount(price.machineCost)
                    if let quote = record.finalQuote { $0.quote = quote }
                    $0.needsApproval = price.needsApproval
                    $0.approved = !price.needsApproval || job.finalPriceApprovedAt != nil
                }
            }
            $0.stageStamps = job.stageStamps.map { stamp in
                .with {
                    $0.stage = stage(stamp.stage)
                    $0.atMicros = stamp.at
                }
            }
            $0.timeline = timeline(record)
            $0.rejectedDasherIds = rejectedDashers(job)
            $0.paymentIntentID = submission.paymentIntentID
            $0.paymentState = paymentState(record.paymentState)
            if let review = job.customerReview { $0.customerReview = self.review(review, jobID: job.id) }
            if let review = job.dasherReview { $0.dasherReview = self.review(review, jobID: job.id) }
            if let claim = job.dispute { $0.dispute = self.claim(claim, record: record) }
            $0.submittedAtMicros = job.submittedAt
            $0.updatedAtMicros = record.updatedAt
            $0.reviewDeadlineMicros = job.reviewDeadline() ?? 0
        }
    }

    /// The customer's claim with what jobs knows of its money side.
    static func claim(_ claim: DisputeClaim, record: JobRecord) -> Quad_Jobs_V1_DisputeClaim {
        .with {
            $0.disputeID = record.disputeID ?? ""
            $0.reason = disputeReason(claim.reason)
            $0.description_p = claim.description
            $0.evidenceDocumentIds = claim.evidenceDocumentIDs
            $0.openedAtMicros = claim.openedAt
            $0.outcome = record.disputeOutcome ?? .unspecified
            if let refunded = record.disputeRefunded { $0.refunded = amount(refunded) }
        }
    }

    /// The dashers the customer rejected, in the order they were rejected.
    static func rejectedDashers(_ job: LaundryJob) -> [String] {
        job.timeline.compactMap { entry in
            if case .dasherRejected(let dasher, _) = entry.change { dasher } else { nil }
        }
    }

    /// The timeline as people read it (L12): who did what, when: the job's own changes and, merged in by time, what
    /// payments did with its money (`paid`, `released`, `dispute_resolved`; no actor: payments is not a person).
    static func timeline(_ record: JobRecord) -> [Quad_Jobs_V1_TimelineEntry] {
        merged(timeline(record.job), payments: record.paymentEntries)
    }

    /// A job's own timeline (of any product) merged by time with what payments did with its money (`paid`, `released`,
    /// `dispute_resolved`; no actor: payments is not a person). A stable sort: at the same instant the job's own
    /// change comes first (it is what payments answered).
    static func merged(
        _ own: [Quad_Jobs_V1_TimelineEntry],
        payments entries: [JobRecord.PaymentEntry]
    ) -> [Quad_Jobs_V1_TimelineEntry] {
        let money = entries.map { entry in
            Quad_Jobs_V1_TimelineEntry.with {
                $0.atMicros = entry.at
                $0.kind = entry.kind.rawValue
                $0.detail = entry.detail
            }
        }
        return (own + money).enumerated()
            .sorted { ($0.element.atMicros, $0.offset) < ($1.element.atMicros, $1.offset) }
            .map(\.element)
    }

    /// The job's own changes as people read them.
    static func timeline(_ job: LaundryJob) -> [Quad_Jobs_V1_TimelineEntry] {
        var dasher: String?
        var stage = LaundryStage.waitingForDasher
        return job.timeline.map { entry in
            let (actor, kind, detail): (String, String, String)
            var reason = ""
            switch entry.change {
            case .submitted(let submission):
                actor = submission.customer
                kind = "submitted"
                detail = "submitted for \(submission.estimatedLoads) load(s), estimate \(submission.estimate.formatted)"
            case .dasherAssigned(let assigned):
                dasher = assigned
                stage = .dasherAccepted
                actor = assigned
                kind = "dasher_assigned"
                detail = "dasher \(assigned) accepted"
            case .dasherRejected(let rejected, let why):
                dasher = nil
                stage = .waitingForDasher
                actor = job.customer
                kind = "dasher_rejected"
                detail =
                    "the customer sent dasher \(rejected) away" + (why.map { " (\"\($0)\")" } ?? "")
                    + "; waiting for another dasher"
                reason = why ?? ""
            case .stageAdvanced(let to):
                actor = dasher ?? ""
                kind = "stage_changed"
                detail = "\(stage.displayName) -> \(to.displayName)"
                stage = to
            case .finalPriceRecorded(let price):
                actor = dasher ?? ""
                kind = "final_price_recorded"
                detail =
                    "\(price.actualLoads) load(s), machines \(price.machineCost.formatted), total \(price.total.formatted)"
                    + (price.needsApproval ? " (above twice the estimate: waits for the customer's approval)" : "")
            case .finalPriceApproved:
                actor = job.customer
                kind = "final_price_approved"
                detail = "the customer approved the final price"
            case .cancelled:
                actor = job.customer
                kind = "cancelled"
                detail = "cancelled by the customer at \(stage.displayName)"
            case .reviewed(let review):
                actor = review.author
                kind = "reviewed"
                detail = "\(review.side.displayName) gave \(review.stars) star(s)"
            case .disputeOpened(let claim):
                actor = job.customer
                kind = "dispute_opened"
                detail = "disputed: \(claim.reason.rawValue)"
            }
            return .with {
                $0.atMicros = entry.at
                $0.actorID = actor
                $0.kind = kind
                $0.detail = detail
                $0.reason = reason
            }
        }
    }

    /// The timeline kind of `entry`, as JobChanged.change names it.
    static func kind(_ entry: JobTimelineEntry) -> String {
        switch entry.change {
        case .submitted: "submitted"
        case .dasherAssigned: "dasher_assigned"
        case .dasherRejected: "dasher_rejected"
        case .stageAdvanced: "stage_changed"
        case .finalPriceRecorded: "final_price_recorded"
        case .finalPriceApproved: "final_price_approved"
        case .cancelled: "cancelled"
        case .reviewed: "reviewed"
        case .disputeOpened: "dispute_opened"
        }
    }

    /// What matching learns of a job when it is submitted or sent back to the queue.
    static func submitted(_ job: LaundryJob) -> Quad_Jobs_V1_JobSubmitted {
        let submission = job.submission
        return .with {
            $0.jobID = job.id
            $0.customerID = job.customer
            $0.dormID = submission.dorm
            $0.submittedAtMicros = job.submittedAt
            $0.pickupAtMicros = submission.pickupAt
            $0.dropOffAtMicros = submission.dropOffAt
            $0.estimatedLoads = UInt32(submission.estimatedLoads)
            $0.addOns = sortedAddOns(submission.addOns)
            $0.preferredDasherID = submission.preferredDasher ?? ""
            $0.product = LaundryProduct.id
            $0.listing =
                LaundryListing(
                    estimatedLoads: submission.estimatedLoads,
                    addOns: submission.addOns,
                    pickupAt: submission.pickupAt,
                    dropOffAt: submission.dropOffAt
                ).fields
        }
    }
}
