import Foundation
import GRDB
import JobsLaundry
import QuadContracts
import QuadServiceKit
import QuadStorage

/// Carries out a job's events towards the other contexts (DESIGN.md, How services cooperate): each becomes outbox
/// messages written in the transaction that stores the job, so both commit or neither does, through the typed sends
/// generated from jobs.proto (`Quad_Jobs_V1_Jobs.Events`), which name the topic and the receiving contexts. Keys are
/// unique per effect, so a receiver applies each once.
enum JobsOutbox {
    static func send(_ events: [JobEvent], record: inout JobRecord, at: Int64, _ db: Database) throws {
        let job = record.job
        for event in events {
            switch event {
            case .submitted:
                let submitted = JobsProtoMapping.submitted(job)
                try Quad_Jobs_V1_Jobs.Events.send(
                    submitted,
                    key: "\(job.id):\(Quad_Jobs_V1_JobSubmitted.topic)",
                    into: db.outbox
                )
                try sendPosted(jobID: job.id, intent: job.submission.paymentIntentID, db)
            case .dasherRejected(let dasher, let excluded):
                let rejected = Quad_Jobs_V1_JobDasherRejected.with {
                    $0.jobID = job.id
                    $0.dormID = job.submission.dorm
                    $0.dasherID = dasher
                    $0.excludedDasherIds = excluded.sorted()
                    $0.job = JobsProtoMapping.submitted(job)
                }
                let key = "\(job.id):\(Quad_Jobs_V1_JobDasherRejected.topic):\(excluded.count)"
                try Quad_Jobs_V1_Jobs.Events.send(rejected, key: key, into: db.outbox)
            case .cancelled(let cancellation):
                try sendCancelled(
                    jobID: job.id,
                    intent: cancellation.paymentIntentID,
                    zone: job.submission.dorm,
                    worker: cancellation.dasherToNotify,
                    at: at,
                    db
                )
                // Released only once payments says so (payment.released), as paid waits for payment.captured.
                record.paymentState = .releasePending
            case .completed(let completion):
                let completed = Quad_Jobs_V1_JobCompleted.with {
                    $0.jobID = job.id
                    $0.paymentIntentID = completion.paymentIntentID
                    $0.customerID = completion.customer
                    $0.dasherID = completion.dasher
                    $0.actualLoads = UInt32(completion.finalPrice.actualLoads)
                    $0.machineCost = JobsProtoMapping.amount(completion.finalPrice.machineCost)
                    $0.addOns = JobsProtoMapping.sortedAddOns(job.submission.addOns)
                    $0.finalTotal = JobsProtoMapping.amount(completion.finalPrice.total)
                    // The job reaches drop-off only with the charge agreed: up to twice the estimate by submitting,
                    // above that by ApproveFinalPrice (the domain refuses to move on otherwise).
                    $0.aboveHoldApproved = true
                    $0.atMicros = at
                }
                try Quad_Jobs_V1_Jobs.Events.send(
                    completed,
                    key: "\(job.id):\(Quad_Jobs_V1_JobCompleted.topic)",
                    into: db.outbox
                )
                record.paymentState = .capturePending
            case .reviewed(let review):
                let submitted = Quad_Jobs_V1_ReviewSubmitted.with {
                    $0.review = JobsProtoMapping.review(review, jobID: job.id)
                }
                let key = "\(job.id):\(Quad_Jobs_V1_ReviewSubmitted.topic):\(review.side.displayName)"
                try Quad_Jobs_V1_Jobs.Events.send(submitted, key: key, into: db.outbox)
            case .disputeOpened(let claim):
                let opened = Quad_Jobs_V1_DisputeOpened.with {
                    $0.jobID = job.id
                    $0.paymentIntentID = claim.paymentIntentID
                    $0.customerID = job.customer
                    $0.claim = JobsProtoMapping.claim(claim, record: record)
                }
                try Quad_Jobs_V1_Jobs.Events.send(
                    opened,
                    key: "\(job.id):\(Quad_Jobs_V1_DisputeOpened.topic)",
                    into: db.outbox
                )
            case .dasherAssigned, .stageChanged, .finalPriceRecorded, .finalPriceApproved:
                // Matching told jobs of the assignment; stages and prices concern the two people (their feeds).
                break
            }
        }
    }
}

extension JobsOutbox {
    /// `job.posted` for payments: the hold of job `jobID` (any product) has its job.
    static func sendPosted(jobID: String, intent: String, _ db: Database) throws {
        let posted = Quad_Jobs_V1_JobPosted.with {
            $0.jobID = jobID
            $0.paymentIntentID = intent
        }
        try Quad_Jobs_V1_Jobs.Events.send(posted, key: "\(jobID):\(Quad_Jobs_V1_JobPosted.topic)", into: db.outbox)
    }

    /// `job.cancelled` for payments (release the hold) and matching: job `jobID` (any product) of `zone` (a dorm, a
    /// campus), its `worker` to tell, if any.
    static func sendCancelled(
        jobID: String,
        intent: String,
        zone: String,
        worker: String?,
        at: Int64,
        _ db: Database
    ) throws {
        let cancelled = Quad_Jobs_V1_JobCancelled.with {
            $0.jobID = jobID
            $0.paymentIntentID = intent
            $0.dormID = zone
            $0.dasherID = worker ?? ""
            $0.atMicros = at
        }
        try Quad_Jobs_V1_Jobs.Events.send(
            cancelled,
            key: "\(jobID):\(Quad_Jobs_V1_JobCancelled.topic)",
            into: db.outbox
        )
    }
}

/// The job changes jobs logs for the customer's and the dasher's feeds (L14), in the transaction of the change.
enum JobsFeed {
    /// One `JobChanged` per `change` for everyone who should see it: the customer, the dasher before and after the
    /// change (so a rejected or cancelled-on dasher hears of it). Each sees the job as they may (the pickup place
    /// goes to the assigned dasher of an active job only, never to a rejected one).
    static func log(_ changes: [String], record: JobRecord, dasherBefore: String?, at: Int64, _ db: Database) throws {
        guard !changes.isEmpty else { return }
        var recipients = [record.job.customer]
        for dasher in [dasherBefore, record.job.dasher].compactMap({ $0 }) where !recipients.contains(dasher) {
            recipients.append(dasher)
        }
        let occurredAt = Date(micros: at)
        let views = recipients.map { JobsProtoMapping.job(record, for: $0) }
        for change in changes {
            for (user, job) in zip(recipients, views) {
                let payload = try Quad_Jobs_V1_JobChanged.with {
                    $0.change = change
                    $0.job = job
                }.serializedData()
                try EventLog.append(
                    db,
                    userID: user,
                    type: Quad_Jobs_V1_JobChanged.protoMessageName,
                    payload: payload,
                    occurredAt: occurredAt
                )
            }
        }
    }
}
