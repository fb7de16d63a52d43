/// One laundry job as a state machine (features L): submitted, taken by a dasher, moved through the ten stages,
/// priced, paid, reviewed and perhaps disputed.
///
/// - active, stage 0: waiting in the dorm's queue; ``assign(dasher:at:)`` moves it to stage 1.
/// - active, stages 1–2: the customer may ``rejectDasher(by:at:)`` (back to stage 0, that dasher excluded) or
///   ``cancel(by:at:)``; the dasher ``advance(by:to:at:drying:)``s.
/// - active, stages 3–8: only the dasher moves it, one stage at a time; reaching 7 records the ``finalPrice``, which
///   above twice the estimate waits for ``approveFinalPrice(by:at:)`` before stage 8.
/// - completed (stage 9): ``review(by:stars:text:at:configuration:)`` by each side within the window, and one
///   ``openDispute(by:reason:description:evidenceDocumentIDs:at:configuration:)``.
/// - cancelled: final.
///
/// Every operation is a `mutating` method that checks everything first and either throws a ``JobsError``, leaving
/// the job exactly as it was, or changes it, appends to its ``timeline`` and returns the ``JobEvent``s for the
/// service to carry out. Times are passed in and never go back: an operation dated before ``lastChangeAt`` is
/// refused, so the timeline is always in order (a service whose clock may step back passes
/// `max(clock, job.lastChangeAt)`).
public struct LaundryJob: Sendable, Hashable {
    /// The loads a job may have, estimated or actual.
    public static let allowedLoads: ClosedRange<Int> = 1...20

    /// Whether the job is still going.
    public enum Status: Sendable, Hashable {
        /// Submitted and neither cancelled nor dropped off.
        case active
        /// Cancelled by the customer at `at` (UTC microseconds).
        case cancelled(at: Int64)
        /// Dropped off at `at`.
        case completed(at: Int64)
    }

    /// What the customer submitted, with the estimate and the payment intent.
    public let submission: LaundryJobSubmission
    /// The stage it is at.
    public internal(set) var stage: LaundryStage
    /// The dasher who accepted it and was not rejected, `nil` while it waits.
    public internal(set) var dasher: String?
    /// The dashers the customer rejected for this job: matching must not offer it to them again (L6).
    public internal(set) var excludedDashers: Set<String>
    /// Whether it is going, cancelled or completed.
    public internal(set) var status: Status
    /// The final price, recorded at "finished drying".
    public internal(set) var finalPrice: FinalPrice?
    /// When the customer approved a final price that needed it.
    public internal(set) var finalPriceApprovedAt: Int64?
    /// The customer's review of the dasher.
    public internal(set) var customerReview: JobReview?
    /// The dasher's review of the customer.
    public internal(set) var dasherReview: JobReview?
    /// The customer's dispute, if they opened one.
    public internal(set) var dispute: DisputeClaim?
    /// Every change, oldest first; never empty (the submission comes first).
    public internal(set) var timeline: [JobTimelineEntry]

    /// Submits a job at `now` (L1): the new job, at stage 0, and its ``JobEvent/submitted(_:)`` event.
    ///
    /// - Throws: ``JobsError`` `INVALID_ARGUMENT` naming the first field that is wrong: an empty id, loads outside
    ///   1...20, instructions over the limit, a pickup before `now`, a drop-off not after the pickup, a blank
    ///   preferred dasher or the customer themself, an estimate that is not above zero or has a malformed currency.
    public static func submit(
        _ submission: LaundryJobSubmission,
        now: Int64,
        configuration: LaundryJobConfiguration = .defaults
    ) throws(JobsError) -> (job: LaundryJob, events: [JobEvent]) {
        try submission.validate(now: now, configuration: configuration)
        let job = LaundryJob(submission: submission, submittedAt: now)
        return (job, [.submitted(submission)])
    }

    private init(submission: LaundryJobSubmission, submittedAt: Int64) {
        self.submission = submission
        stage = .waitingForDasher
        dasher = nil
        excludedDashers = []
        status = .active
        finalPrice = nil
        finalPriceApprovedAt = nil
        customerReview = nil
        dasherReview = nil
        dispute = nil
        timeline = [JobTimelineEntry(at: submittedAt, change: .submitted(submission))]
    }

    /// The job's id.
    public var id: String { submission.jobID }

    /// The customer who submitted it.
    public var customer: String { submission.customer }

    /// When it was submitted.
    public var submittedAt: Int64 { timeline[0].at }

    /// When it last changed: no operation may be dated before.
    public var lastChangeAt: Int64 { timeline[timeline.count - 1].at }

    /// The stages it reached and when, oldest first (L7): stage 0 at submission, 1 at each assignment, 0 again at
    /// each rejection, then every move forward.
    public var stageStamps: [StageStamp] {
        timeline.compactMap { entry in
            switch entry.change {
            case .submitted, .dasherRejected: StageStamp(stage: .waitingForDasher, at: entry.at)
            case .dasherAssigned: StageStamp(stage: .dasherAccepted, at: entry.at)
            case .stageAdvanced(let stage): StageStamp(stage: stage, at: entry.at)
            case .finalPriceRecorded, .finalPriceApproved, .cancelled, .reviewed, .disputeOpened: nil
            }
        }
    }

    /// When the dasher picked the laundry up, `nil` before.
    public var pickedUpAt: Int64? {
        stageStamps.last { $0.stage == .pickedUp }?.at
    }

    /// Whether a final price above twice the estimate waits for the customer's approval, holding the job at
    /// "finished drying".
    public var isAwaitingPriceApproval: Bool {
        finalPrice?.needsApproval == true && finalPriceApprovedAt == nil
    }

    /// The last instant either side may review the job under `configuration`, `nil` until it is completed.
    public func reviewDeadline(configuration: LaundryJobConfiguration = .defaults) -> Int64? {
        guard case .completed(let at) = status else { return nil }
        let (deadline, overflow) = at.addingReportingOverflow(configuration.reviewWindow)
        return overflow ? .max : deadline
    }

    /// Appends `change` at `at` to the timeline.
    mutating func record(_ change: JobTimelineEntry.Change, at: Int64) {
        timeline.append(JobTimelineEntry(at: at, change: change))
    }

    /// Refuses `operation` unless the job is neither cancelled nor completed.
    func requireActive(for operation: JobOperation) throws(JobsError) {
        switch status {
        case .active: return
        case .cancelled(let at): throw .jobCancelled(self, operation, at: at)
        case .completed(let at): throw .jobCompleted(self, operation, at: at)
        }
    }

    /// Refuses `operation` unless `actor` is the customer.
    func requireCustomer(_ actor: String, for operation: JobOperation) throws(JobsError) {
        guard actor == customer else { throw .notCustomer(self, operation) }
    }

    /// Refuses `operation` dated `at` when that is before the last change.
    func requireTime(_ at: Int64, for operation: JobOperation) throws(JobsError) {
        guard at >= lastChangeAt else { throw .timeWentBack(self, operation, at: at) }
    }
}

/// The operations of a ``LaundryJob``, as refusal messages name them ("cannot cancel job job_1: …").
enum JobOperation: Sendable {
    case assign, rejectDasher, advance, approveFinalPrice, cancel, review, dispute

    /// The operation on job `id`, completing "cannot …".
    func phrase(_ id: String) -> String {
        switch self {
        case .assign: "assign a dasher to job \(id)"
        case .rejectDasher: "reject the dasher of job \(id)"
        case .advance: "move job \(id) forward"
        case .approveFinalPrice: "approve the final price of job \(id)"
        case .cancel: "cancel job \(id)"
        case .review: "review job \(id)"
        case .dispute: "dispute job \(id)"
        }
    }
}
