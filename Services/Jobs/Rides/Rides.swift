/// Rides (features R) as a product of the job core: a seat in a shared taxi, asked for by a rider (the core's
/// customer) and accepted by the offer's offerer (the core's worker).
///
/// The offer itself is not a job: it is the offerer's aggregate ``RideOffer``, whose operations change its seats with
/// it (acceptance checks the seats left, the fare gives every seat its share). What the core does for a seat: the
/// offerer's acceptance (assigning a seat that no longer waits is refused), the rider's cancellation, reviews both
/// ways, the dispute, the timeline. What rides adds: its request (``RideSeatRequest``: the offer, the drop, the
/// payment method), its stages (``RideSeatProgress``), the hold placed at acceptance, the other ways a seat ends (the
/// offerer's rejection, the offer's cancellation or departure), the share and its approval, and its words ("offerer",
/// "settled").
public enum Rides: JobProduct {
    /// The offer, the drop and the payment method (R3).
    public typealias Request = RideSeatRequest
    /// The stage, the hold, the share and its approval.
    public typealias Progress = RideSeatProgress
    /// A seat's timeline entries.
    public typealias Change = RideSeatChange
    /// What the service carries out towards the other contexts and the feeds.
    public typealias Event = RideSeatEvent
    /// The offer's and the seat's limits with the core's.
    public typealias Configuration = RidesConfiguration

    /// "offerer", "waiting for the offerer", "settled", "settlement", "seat", "rider".
    public static let vocabulary = JobVocabulary(
        worker: "offerer",
        workerField: "offerer_id",
        waiting: "waiting for the offerer",
        completed: RideSeatStage.settled.displayName,
        completion: "settlement",
        job: "seat",
        customer: "rider"
    )

    /// Stage 0, nothing held.
    public static func start(_ request: RideSeatRequest) -> RideSeatProgress {
        RideSeatProgress(stage: .requested, hold: nil, share: nil, shareApprovedAt: nil)
    }

    /// The request's own fields.
    public static func validate(_ request: RideSeatRequest, now: Int64, configuration: RidesConfiguration)
        throws(JobsError)
    {
        try request.validate(configuration: configuration)
    }

    /// At stage 0.
    public static func isWaitingForWorker(_ job: RideSeat) -> Bool { job.stage == .requested }

    /// The stage, as "1 accepted".
    public static func standing(of job: RideSeat) -> String { job.stage.description }

    /// The offerer is assigned only with the hold placed (``RideOffer/accept(_:by:hold:at:)`` places it first); a
    /// rider does not send the offerer away (they cancel the seat instead); the rider cancels until the fare is
    /// recorded, never after.
    public static func refusal(of operation: JobOperation, _ job: RideSeat) -> JobsError? {
        switch operation {
        case .assign: job.hold == nil ? .noHold(job) : nil
        case .rejectWorker: .ridersDoNotSendAway(job)
        case .cancel: job.stage < .awaitingApproval ? nil : .afterFare(job, operation)
        case .review, .dispute, .product: nil
        }
    }

    /// Stage 1 when the offerer accepts.
    public static func progress(_ progress: inout RideSeatProgress, after change: LifecycleChange<RideSeatRequest>) {
        switch change {
        case .workerAssigned: progress.stage = .accepted
        case .submitted, .workerRejected, .cancelled, .reviewed, .disputeOpened: break
        }
    }

    /// The core's events in rides' words; an ending says how, from the change that made it (the timeline's last).
    public static func event(_ event: LifecycleEvent, of job: RideSeat) -> RideSeatEvent {
        switch event {
        case .submitted: .requested(job.request)
        case .workerAssigned(let offerer):
            // The hold is placed before the assignment (``refusal(of:_:)``), so it is there.
            .accepted(offerer: offerer, hold: job.hold ?? RideHold(paymentIntentID: "", amount: .zero("USD")))
        case .workerRejected(let offerer, _): .offererSentAway(offerer: offerer)
        case .cancelled(let offerer):
            .cancelled(
                RideSeatCancellation(
                    ending: job.ending ?? .withdrawn,
                    stage: job.stage,
                    paymentIntentID: job.hold?.paymentIntentID,
                    rider: job.rider,
                    offererToNotify: offerer
                )
            )
        case .reviewed(let review): .reviewed(review)
        case .disputeOpened(let claim): .disputeOpened(claim)
        }
    }

    /// The hold's intent, placed at acceptance: `nil` while the seat is requested.
    public static func paymentIntentID(of job: RideSeat) -> String? { job.hold?.paymentIntentID }
}
