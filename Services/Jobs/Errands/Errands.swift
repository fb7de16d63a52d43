/// Errands (features E) as a product of the job core: "buy me these items at that store, deliver by then", posted by
/// a requester (the core's customer) and taken by one buyer (the core's worker).
///
/// What the core does for it: the buyer's acceptance (only one buyer wins, E3: assigning a job that no longer waits is
/// refused), the requester sending a buyer away, cancellation, reviews, the dispute, the timeline. What errands adds:
/// its request (``ErrandRequest``: the list with a maximum price per item, the store, the deadline, the delivery
/// place, the fee), its stages (``ErrandProgress``, moved by ``Job/agreeToCancel(by:at:)``,
/// ``Job/recordPurchase(by:_:at:)``, ``Job/approvePurchase(by:at:)`` and ``Job/deliver(by:at:)``), its rule that
/// after acceptance the requester calls it off only with the buyer's agreement and never once the items are bought
/// (E4), and its words ("buyer", "delivered").
public enum Errands: JobProduct {
    /// The list, the store, the deadline, the delivery place, the fee and the payment intent (E1).
    public typealias Request = ErrandRequest
    /// The stage, the buyer's agreement to cancel, the purchase and its approval.
    public typealias Progress = ErrandProgress
    /// An errand's timeline entries.
    public typealias Change = ErrandChange
    /// What the service carries out towards the other contexts and the feeds.
    public typealias Event = ErrandEvent
    /// The list's limits with the core's.
    public typealias Configuration = ErrandsJobConfiguration

    /// "buyer", "open for a buyer", "delivered", "delivery".
    public static let vocabulary = JobVocabulary(
        worker: "buyer",
        workerField: "buyer_id",
        waiting: "open for a buyer",
        completed: ErrandStage.delivered.displayName,
        completion: "delivery",
        job: "errand",
        customer: "requester"
    )

    /// Stage 0, nothing agreed or bought.
    public static func start(_ request: ErrandRequest) -> ErrandProgress {
        ErrandProgress(
            stage: .open,
            cancellationAgreedAt: nil,
            purchase: nil,
            purchaseApprovedAt: nil,
            cancellationRequest: nil
        )
    }

    /// The request's own fields.
    public static func validate(
        _ request: ErrandRequest,
        now: Int64,
        configuration: ErrandsJobConfiguration
    ) throws(JobsError) {
        try request.validate(now: now, configuration: configuration)
    }

    /// At stage 0.
    public static func isWaitingForWorker(_ job: Errand) -> Bool { job.stage == .open }

    /// The stage, as "2 bought".
    public static func standing(of job: Errand) -> String { job.stage.description }

    /// E4: an open errand may be cancelled; once a buyer accepted, the requester cancels or sends them away only after
    /// the buyer agreed (``Job/agreeToCancel(by:at:)``), so a buyer already on the way is not dropped without a word;
    /// once the items are bought, never: the buyer spent their own money, which only delivery pays back (a dispute
    /// covers what then goes wrong).
    public static func refusal(of operation: JobOperation, _ job: Errand) -> JobsError? {
        switch operation {
        case .cancel, .rejectWorker:
            switch job.stage {
            case .open: nil
            case .accepted: job.cancellationAgreedAt == nil ? .buyerHasNotAgreed(job, operation) : nil
            case .bought, .delivered: .afterPurchase(job, operation)
            }
        case .assign, .review, .dispute, .product: nil
        }
    }

    /// Stage 1 when a buyer accepts; stage 0 again, and no agreement, when the requester sends them away.
    public static func progress(_ progress: inout ErrandProgress, after change: LifecycleChange<ErrandRequest>) {
        switch change {
        case .workerAssigned: progress.stage = .accepted
        case .workerRejected:
            progress.stage = .open
            progress.cancellationAgreedAt = nil
            progress.cancellationRequest = nil
        case .submitted, .cancelled, .reviewed, .disputeOpened: break
        }
    }

    /// The core's events in errands' words; a cancellation carries the stage it happened at.
    public static func event(_ event: LifecycleEvent, of job: Errand) -> ErrandEvent {
        switch event {
        case .submitted: .submitted(job.request)
        case .workerAssigned(let buyer): .buyerAssigned(buyer: buyer)
        case .workerRejected(let buyer, let excluded): .buyerRejected(buyer: buyer, excludedBuyers: excluded)
        case .cancelled(let buyer):
            .cancelled(
                ErrandCancellation(paymentIntentID: job.request.paymentIntentID, stage: job.stage, buyerToNotify: buyer)
            )
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        }
    }
}
