/// One laundry job (features L): the core's ``Job`` with laundry plugged in. Submitted, taken by a dasher, moved
/// through the ten stages, priced, paid, reviewed and perhaps disputed.
///
/// - active, stage 0: waiting in the dorm's queue; ``Job/assign(dasher:at:)`` moves it to stage 1.
/// - active, stages 1–2: the customer may ``Job/rejectDasher(by:reason:at:configuration:)`` (back to stage 0, that
///   dasher excluded) or ``Job/cancel(by:at:)``; the dasher ``Job/advance(by:to:at:drying:)``s.
/// - active, stages 3–8: only the dasher moves it, one stage at a time; reaching 7 records the final price, which
///   above twice the estimate waits for ``Job/approveFinalPrice(by:at:)`` before stage 8.
/// - completed (stage 9): a review by each side within the window, and one dispute.
/// - cancelled: final.
public typealias LaundryJob = Job<Laundry>

extension Job where Product == Laundry {
    /// The loads a job may have, estimated or actual.
    public static var allowedLoads: ClosedRange<Int> { 1...20 }

    /// What the customer submitted, with the estimate and the payment intent.
    public var submission: LaundryJobSubmission { request }
    /// The stage it is at.
    public var stage: LaundryStage { progress.stage }
    /// The dasher who accepted it and was not rejected, `nil` while it waits.
    public var dasher: String? { worker }
    /// The dashers the customer rejected for this job: matching must not offer it to them again (L6).
    public var excludedDashers: Set<String> { excludedWorkers }
    /// The final price, recorded at "finished drying".
    public var finalPrice: FinalPrice? { progress.finalPrice }
    /// When the customer approved a final price that needed it.
    public var finalPriceApprovedAt: Int64? { progress.finalPriceApprovedAt }
    /// The dasher's review of the customer.
    public var dasherReview: JobReview? { workerReview }

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

    /// Assigns `dasher`, who accepted matching's offer, at `at`: stage 0 → 1 (L3–L5). The core's
    /// ``Job/assign(worker:at:)`` in laundry's words.
    public mutating func assign(dasher: String, at: Int64) throws(JobsError) -> [JobEvent] {
        try assign(worker: dasher, at: at)
    }

    /// The customer `actor` rejects the assigned dasher at `at` (L6), for any reason, before pickup: back to stage 0,
    /// and the dasher joins ``excludedDashers``. The core's ``Job/rejectWorker(by:reason:at:configuration:)``.
    public mutating func rejectDasher(
        by actor: String,
        reason: String? = nil,
        at: Int64,
        configuration: LaundryJobConfiguration = .defaults
    ) throws(JobsError) -> [JobEvent] {
        try rejectWorker(by: actor, reason: reason, at: at, configuration: configuration)
    }
}

extension JobReview.Side {
    /// Laundry's worker: the dasher, reviewing the customer.
    public static var dasher: JobReview.Side { .worker }
}

extension JobOperation {
    /// The dasher moves a laundry job one stage forward.
    static let advance = JobOperation.product(verb: "move", object: " forward")
    /// The customer approves a final price above twice the estimate.
    static let approveFinalPrice = JobOperation.product(verb: "approve the final price of", object: "")
}

extension JobReview.Side {
    /// The side as laundry's people read it: "customer" or "dasher".
    public var displayName: String { self == .customer ? "customer" : Laundry.vocabulary.worker }
}
