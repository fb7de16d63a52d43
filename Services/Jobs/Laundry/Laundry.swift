/// Laundry (features L) as a product of the job core: a customer's laundry, taken by a dasher of their dorm through
/// ten stages, priced at "finished drying" and paid at drop-off.
///
/// What the core does for it: the dasher's assignment and rejection, cancellation, reviews, the dispute, the
/// timeline. What laundry adds: its request (``LaundryJobSubmission``), its stages and final price
/// (``LaundryProgress``, moved by ``Job/advance(by:to:at:drying:)`` and ``Job/approveFinalPrice(by:at:)``), its rule
/// that nothing is cancelled or rejected after pickup, and its words ("dasher", "dropped off").
public enum Laundry: JobProduct {
    /// Loads, instructions, times, add-ons, the preferred dasher, the estimate and the payment intent (L1).
    public typealias Request = LaundryJobSubmission
    /// The stage and the final price.
    public typealias Progress = LaundryProgress
    /// A laundry job's timeline entries.
    public typealias Change = LaundryChange
    /// What the service carries out towards matching, payments, identity and the feeds.
    public typealias Event = JobEvent
    /// The instructions' limit with the core's.
    public typealias Configuration = LaundryJobConfiguration

    /// "dasher", "waiting for a dasher", "dropped off", "drop-off".
    public static let vocabulary = JobVocabulary(
        worker: "dasher",
        workerField: "dasher_id",
        waiting: LaundryStage.waitingForDasher.displayName,
        completed: LaundryStage.droppedOff.displayName,
        completion: "drop-off"
    )

    /// Stage 0, no final price.
    public static func start(_ request: LaundryJobSubmission) -> LaundryProgress {
        LaundryProgress(stage: .waitingForDasher, finalPrice: nil, finalPriceApprovedAt: nil)
    }

    /// The submission's own fields, in the order they are declared.
    public static func validate(
        _ request: LaundryJobSubmission,
        now: Int64,
        configuration: LaundryJobConfiguration
    ) throws(JobsError) {
        try request.validate(now: now, configuration: configuration)
    }

    /// At stage 0.
    public static func isWaitingForWorker(_ job: LaundryJob) -> Bool { job.stage == .waitingForDasher }

    /// The stage, as "3 picked up".
    public static func standing(of job: LaundryJob) -> String { job.stage.description }

    /// The customer may send the dasher away or cancel only before pickup: once the dasher has the laundry, and soon
    /// a machine they paid for, the job runs to drop-off (a dispute covers what then goes wrong).
    public static func refusal(of operation: JobOperation, _ job: LaundryJob) -> JobsError? {
        switch operation {
        case .cancel, .rejectWorker: job.stage < .pickedUp ? nil : .afterPickup(job, operation)
        case .assign, .review, .dispute, .product: nil
        }
    }

    /// Stage 1 when a dasher is assigned, 0 again when the customer rejects them.
    public static func progress(_ progress: inout LaundryProgress, after change: LifecycleChange<LaundryJobSubmission>)
    {
        switch change {
        case .workerAssigned: progress.stage = .dasherAccepted
        case .workerRejected: progress.stage = .waitingForDasher
        case .submitted, .cancelled, .reviewed, .disputeOpened: break
        }
    }

    /// The core's events in laundry's words; a cancellation carries the stage it happened at.
    public static func event(_ event: LifecycleEvent, of job: LaundryJob) -> JobEvent {
        switch event {
        case .submitted: .submitted(job.submission)
        case .workerAssigned(let dasher): .dasherAssigned(dasher: dasher)
        case .workerRejected(let dasher, let excluded): .dasherRejected(dasher: dasher, excludedDashers: excluded)
        case .cancelled(let dasher):
            .cancelled(
                JobCancellation(
                    paymentIntentID: job.submission.paymentIntentID,
                    stage: job.stage,
                    dasherToNotify: dasher
                )
            )
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        }
    }
}
