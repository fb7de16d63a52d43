import Foundation
import JobsLaundry
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension JobsService {
    /// L7, L10: the assigned dasher moves the job one stage; at "dropped off" it is completed and payments captures
    /// (`job.completed`). "Finished drying" is reached with ReportDrying.
    public func advanceStage(request: Quad_Jobs_V1_AdvanceStageRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_LaundryJob
    {
        let caller = try context.requireCaller()
        let stage = try await refusingAsRPC { try LaundryStage(number: request.toStage.rawValue, field: "to_stage") }
        if stage == .finishedDrying {
            throw RPCError(
                code: .invalidArgument,
                message:
                    "to_stage: \"finished drying\" is reached with ReportDrying, which records the actual loads and machine cost"
            )
        }
        return try await change(jobID: request.jobID, caller: caller) { record, at in
            try record.job.advance(by: caller.userID, to: stage, at: at)
        }
    }

    /// L8: the assigned dasher finishes drying with the actual loads and machine cost; payments prices them (the
    /// final quote) and the job records the final price, which above twice the estimate waits for the customer.
    public func reportDrying(request: Quad_Jobs_V1_ReportDryingRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_LaundryJob
    {
        let caller = try context.requireCaller()
        try Self.requireJobID(request.jobID)
        guard request.hasMachineCost else {
            throw RPCError(
                code: .invalidArgument,
                message: "machine_cost: say what the washers and dryers cost (zero when they were free)"
            )
        }
        let machineCost = JobsProtoMapping.money(request.machineCost)
        let jobID = request.jobID
        let clock = nowMicros
        // Everything the job can refuse is refused before payments is asked: a trial move on a copy.
        guard let record = try await database.job(id: jobID, visibleTo: caller.userID) else {
            throw Self.notFound(jobID)
        }
        try refusingAsRPC {
            var trial = record.job
            let standIn = Money(minorUnits: 1, currency: record.job.submission.estimate.currency)
            _ = try trial.advance(
                by: caller.userID,
                to: .finishedDrying,
                at: max(clock, record.job.lastChangeAt),
                drying: DryingReport(
                    actualLoads: Int(request.actualLoads),
                    machineCost: machineCost,
                    finalTotal: standIn
                )
            )
        }
        let quote = try await payments.quoteLaundry(
            .with {
                $0.dormID = record.job.submission.dorm
                $0.loads = request.actualLoads
                $0.addOns = JobsProtoMapping.sortedAddOns(record.job.submission.addOns)
                $0.machineCost = request.machineCost
            },
            options: configuration.paymentsOptions()
        )
        let report = DryingReport(
            actualLoads: Int(request.actualLoads),
            machineCost: machineCost,
            finalTotal: JobsProtoMapping.money(quote.total)
        )
        return try await change(jobID: jobID, caller: caller) { record, at in
            let events = try record.job.advance(by: caller.userID, to: .finishedDrying, at: at, drying: report)
            record.finalQuote = quote
            return events
        }
    }

    /// L8: the customer approves a final price above twice the estimate, so the dasher may bring the laundry back.
    public func approveFinalPrice(request: Quad_Jobs_V1_ApproveFinalPriceRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_LaundryJob
    {
        let caller = try context.requireCaller()
        return try await change(jobID: request.jobID, caller: caller) { record, at in
            try record.job.approveFinalPrice(by: caller.userID, at: at)
        }
    }

    /// L6: the customer sends the assigned dasher away before pickup; matching requeues the job without them. The
    /// reason, when given, is kept in the timeline entry.
    public func rejectDasher(request: Quad_Jobs_V1_RejectDasherRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_LaundryJob
    {
        let caller = try context.requireCaller()
        let configuration = configuration.job
        return try await change(jobID: request.jobID, caller: caller) { record, at in
            try record.job.rejectDasher(by: caller.userID, reason: request.reason, at: at, configuration: configuration)
        }
    }

    /// L9: the customer cancels before pickup; payments releases the hold and matching drops the job
    /// (`job.cancelled`). After pickup it is refused, saying when the laundry was picked up.
    public func cancelLaundryJob(request: Quad_Jobs_V1_CancelLaundryJobRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_LaundryJob
    {
        let caller = try context.requireCaller()
        return try await change(jobID: request.jobID, caller: caller) { record, at in
            try record.job.cancel(by: caller.userID, at: at)
        }
    }

    /// L11: one review per side within 14 days of drop-off; identity adds it to the subject's rating.
    public func reviewLaundryJob(request: Quad_Jobs_V1_ReviewLaundryJobRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_Review
    {
        let caller = try context.requireCaller()
        let configuration = configuration.job
        let job = try await change(jobID: request.jobID, caller: caller) { record, at in
            try record.job.review(
                by: caller.userID,
                stars: Int(request.stars),
                text: request.text,
                at: at,
                configuration: configuration
            )
        }
        return job.customerID == caller.userID ? job.customerReview : job.dasherReview
    }

    /// L13: the customer disputes a completed job; payments opens the money side (`dispute.opened`).
    public func disputeLaundryJob(request: Quad_Jobs_V1_DisputeLaundryJobRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_LaundryJob
    {
        let caller = try context.requireCaller()
        let reason = try JobsProtoMapping.disputeReason(request.reason)
        try Self.requireJobID(request.jobID)
        // Counted before fleet-documents is asked about them, so that too many is INVALID_ARGUMENT, not a lookup
        // of thousands of ids that fails as UNAVAILABLE.
        let maximum = configuration.job.lifecycle.maximumEvidenceDocuments
        guard request.evidenceDocumentIds.count <= maximum else {
            throw RPCError(
                code: .invalidArgument,
                message: "evidence_document_ids has \(request.evidenceDocumentIds.count) documents; a dispute may name "
                    + "at most \(maximum)"
            )
        }
        try await requireEvidence(request.evidenceDocumentIds, of: request.jobID)
        let disputeID = EntityID.generate(now: clock.date)
        let configuration = configuration.job
        return try await change(jobID: request.jobID, caller: caller) { record, at in
            let events = try record.job.openDispute(
                by: caller.userID,
                reason: reason,
                description: request.description_p,
                evidenceDocumentIDs: request.evidenceDocumentIds,
                at: at,
                configuration: configuration
            )
            record.disputeID = disputeID
            return events
        }
    }

    /// L13: each evidence document must be one of job `jobID`'s, kept for its dispute (uploaded to fleet-documents
    /// with purpose dispute evidence): FAILED_PRECONDITION naming the first that is not (an id that exists nowhere
    /// reads the same as another's document); UNAVAILABLE, nothing changed, when fleet-documents cannot say.
    private func requireEvidence(_ ids: [String], of jobID: String) async throws {
        let named = ids.filter { !$0.isEmpty }
        guard !named.isEmpty else { return }
        let found: [Quad_Documents_V1_Document]
        do {
            found = try await documents.documents(ids: Array(Set(named)))
        } catch let error as RPCError {
            throw RPCError(
                code: .unavailable,
                message: "fleet-documents cannot check the evidence now (\(error.message)); nothing changed: retry"
            )
        }
        let evidence = Set(
            found.filter { $0.ownerKind == .job && $0.ownerID == jobID && $0.purpose == .disputeEvidence }
                .map(\.documentID)
        )
        if let stranger = named.first(where: { !evidence.contains($0) }) {
            throw RPCError(
                code: .failedPrecondition,
                message: "evidence_document_ids: \(stranger) is not evidence of job \(jobID); upload it to the job "
                    + "first (Documents/Upload, owner OWNER_KIND_JOB, purpose DOCUMENT_PURPOSE_DISPUTE_EVIDENCE)"
            )
        }
    }
}
