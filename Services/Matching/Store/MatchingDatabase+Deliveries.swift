import GRDB
import Logging
import MatchingDomain
import QuadContracts

/// The writes of what matching learns from jobs through its outbox (matching.proto's `receives`), each run inside
/// ``MatchingDatabase/receive(_:_:)`` so a delivery is applied once, in the transaction that stores its effect.
extension MatchingDatabase {
    /// `job.submitted`, applied once: ``queueSubmitted(_:at:logger:_:)``.
    func queueSubmitted(
        _ submitted: Quad_Jobs_V1_JobSubmitted,
        delivery: Quad_Types_V1_OutboxDelivery,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await receive(delivery) { db, now in try self.queueSubmitted(submitted, at: now, logger: logger, db) }
    }

    /// `job.cancelled`, applied once: ``cancel(_:at:logger:_:)``.
    func cancel(
        _ cancelled: Quad_Jobs_V1_JobCancelled,
        delivery: Quad_Types_V1_OutboxDelivery,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await receive(delivery) { db, now in try self.cancel(cancelled, at: now, logger: logger, db) }
    }

    /// `job.dasher_rejected`, applied once: ``requeue(_:at:logger:_:)``.
    func requeue(
        _ rejected: Quad_Jobs_V1_JobDasherRejected,
        delivery: Quad_Types_V1_OutboxDelivery,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await receive(delivery) { db, now in try self.requeue(rejected, at: now, logger: logger, db) }
    }

    /// `account.deleted`, applied once in one write. As a dasher, the person stops accepting requests everywhere, as
    /// if they had turned it off (L2); as a customer, their jobs still waiting leave the queue.
    func forget(_ user: String, delivery: Quad_Types_V1_OutboxDelivery) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await receive(delivery) { db, now in
            for dorm in try MatchingStore.dorms(accepting: user, db) {
                _ = try self.change(dorm: dorm, at: now, db) { try $0.queue.stopAccepting(dasher: user, now: now) }
            }
            for job in try MatchingStore.waitingJobs(customer: user, db) {
                _ = try self.change(dorm: job.dormID, at: now, db) { try $0.queue.cancel(job: job.job.id, now: now) }
            }
        }
    }

    /// `job.submitted`: the job joins its dorm's queue at its submission time; when it names a preferred dasher it
    /// is offered to them at once (or falls back to the dorm queue, the customer told, if they are not accepting).
    func queueSubmitted(_ submitted: Quad_Jobs_V1_JobSubmitted, at now: Int64, logger: Logger, _ db: Database) throws {
        guard try MatchingStore.job(id: submitted.jobID, db) == nil else {
            logger.notice(
                "job.submitted for a job matching has already; nothing changed",
                metadata: ["job_id": "\(submitted.jobID)"]
            )
            return
        }
        let job = MatchingProtoMapping.waitingJob(submitted)
        try self.change(dorm: submitted.dormID, at: now, db) { stored in
            stored.bringIn(try MatchingProtoMapping.listing(submitted), forJob: job.id)
            var events: [MatchingEvent]
            do {
                events = try stored.queue.submit(job, now: now)
            } catch let refusal where job.preferredDasher != nil {
                // A preference the queue cannot keep (the customer named themselves): the job still needs a dasher.
                logger.warning(
                    "job.submitted names a preferred dasher the queue refuses; queued without the preference",
                    metadata: ["job_id": "\(job.id)", "reason": "\(refusal)"]
                )
                events = try stored.queue.submit(
                    MatchingProtoMapping.waitingJob(submitted, keepingPreference: false),
                    now: now
                )
            }
            if stored.queue.job(job.id)?.preferredDasher != nil {
                events += try stored.queue.offerToPreferred(job: job.id, now: now)
            }
            return events
        }
    }

    /// `job.cancelled`: the job leaves the queue, an offer of it withdrawn (its dasher told); a job that had left
    /// with an accepted offer is forgotten.
    func cancel(_ cancelled: Quad_Jobs_V1_JobCancelled, at now: Int64, logger: Logger, _ db: Database) throws {
        guard let job = try MatchingStore.job(id: cancelled.jobID, db) else {
            logger.notice(
                "job.cancelled for a job matching does not know; nothing to do",
                metadata: ["job_id": "\(cancelled.jobID)"]
            )
            return
        }
        guard job.assignedDasher == nil else {
            try MatchingStore.deleteJob(id: job.job.id, db)
            return
        }
        try self.change(dorm: job.dormID, at: now, db) { try $0.queue.cancel(job: job.job.id, now: now) }
    }

    /// `job.dasher_rejected` (L6): the customer sent the dasher back; the job returns to its place in the queue,
    /// never to be offered to them, or to anyone who declined it before. If matching never saw the job (the
    /// rejection overtook it), it is queued from the submission the delivery carries, with the excluded dashers.
    func requeue(_ rejected: Quad_Jobs_V1_JobDasherRejected, at now: Int64, logger: Logger, _ db: Database) throws {
        let excluded = Set(rejected.excludedDasherIds.filter { !$0.isEmpty })
        if let stored = try MatchingStore.job(id: rejected.jobID, db) {
            guard let assigned = stored.assignedDasher else {
                logger.notice(
                    "job.dasher_rejected for a job already in the queue; nothing changed",
                    metadata: ["job_id": "\(rejected.jobID)"]
                )
                return
            }
            if assigned != rejected.dasherID {
                logger.notice(
                    "job.dasher_rejected names another dasher than the one who accepted; requeued without both",
                    metadata: [
                        "job_id": "\(rejected.jobID)", "dasher_id": "\(rejected.dasherID)",
                        "accepted_by": "\(assigned)",
                    ]
                )
            }
            let record = WaitingJob(
                id: stored.job.id,
                customer: stored.job.customer,
                submittedAt: stored.job.submittedAt,
                earliestPickup: stored.job.earliestPickup,
                excludedDashers: stored.job.excludedDashers.union(excluded).union([assigned]).subtracting([
                    stored.job.customer
                ]),
                declinedBy: stored.job.declinedBy,
                offerCount: stored.job.offerCount
            )
            try self.change(dorm: stored.dormID, at: now, db) { queue in
                queue.bringIn(stored.listing, forJob: record.id)
                return try queue.queue.requeue(job: record, excluding: rejected.dasherID, now: now)
            }
            return
        }
        let submitted = rejected.job
        guard submitted.jobID == rejected.jobID else {
            logger.warning(
                "job.dasher_rejected for a job matching does not know, without its submission; nothing to do",
                metadata: ["job_id": "\(rejected.jobID)"]
            )
            return
        }
        try MatchingService.requireSubmission(submitted, topic: Quad_Jobs_V1_JobDasherRejected.topic)
        let record = MatchingProtoMapping.waitingJob(submitted, keepingPreference: false, excluded: excluded)
        let dorm = rejected.dormID.isEmpty ? submitted.dormID : rejected.dormID
        try self.change(dorm: dorm, at: now, db) { queue in
            queue.bringIn(try MatchingProtoMapping.listing(submitted), forJob: record.id)
            return try queue.queue.requeue(job: record, excluding: rejected.dasherID, now: now)
        }
    }
}
