import JobsCore

/// A product that is not laundry, for the core's own tests: a delivery is asked for, taken by a courier, picked up
/// and delivered; the customer may cancel until pickup. Just enough to show that the core's rules hold for any
/// product plugged into it, in that product's words.
enum Delivery: JobProduct {
    struct Request: HeldJobRequest {
        var jobID: String
        var customer: String
        var paymentIntentID: String
        var place: String
    }

    enum Stage: Int, Sendable, Hashable, Codable {
        case open, taken, pickedUp, delivered
    }

    enum Change: JobChange {
        case core(Lifecycle)
        case moved(to: Stage)

        /// The core's changes, stored as they are (a product may name them as it likes).
        enum Lifecycle: Sendable, Hashable, Codable {
            case submitted(Request)
            case assigned(String)
            case rejected(String, String?)
            case cancelled
            case reviewed(JobReview)
            case disputed(DisputeClaim)
        }

        static func lifecycle(_ change: LifecycleChange<Request>) -> Change {
            switch change {
            case .submitted(let request): .core(.submitted(request))
            case .workerAssigned(let worker): .core(.assigned(worker))
            case .workerRejected(let worker, let reason): .core(.rejected(worker, reason))
            case .cancelled: .core(.cancelled)
            case .reviewed(let review): .core(.reviewed(review))
            case .disputeOpened(let claim): .core(.disputed(claim))
            }
        }

        var lifecycle: LifecycleChange<Request>? {
            guard case .core(let change) = self else { return nil }
            return switch change {
            case .submitted(let request): .submitted(request)
            case .assigned(let worker): .workerAssigned(worker: worker)
            case .rejected(let worker, let reason): .workerRejected(worker: worker, reason: reason)
            case .cancelled: .cancelled
            case .reviewed(let review): .reviewed(review)
            case .disputed(let claim): .disputeOpened(claim)
            }
        }
    }

    enum Event: Sendable, Hashable {
        case core(LifecycleEvent)
        case delivered
    }

    struct Configuration: JobProductConfiguration {
        var lifecycle = JobLifecycleConfiguration(reviewWindow: 7 * Microseconds.perDay)
        static var defaults: Configuration { Configuration() }
    }

    static let vocabulary = JobVocabulary(
        worker: "courier",
        workerField: "courier_id",
        waiting: "waiting for a courier",
        completed: "delivered",
        completion: "delivery"
    )

    static func start(_ request: Request) -> Stage { .open }

    static func validate(_ request: Request, now: Int64, configuration: Configuration) throws(JobsError) {
        guard !request.place.isEmpty else { throw .missing(field: "place", "where to deliver") }
    }

    static func isWaitingForWorker(_ job: Job<Delivery>) -> Bool { job.progress == .open }

    static func standing(of job: Job<Delivery>) -> String { "\(job.progress)" }

    static func refusal(of operation: JobOperation, _ job: Job<Delivery>) -> JobsError? {
        switch operation {
        case .cancel, .rejectWorker:
            job.progress.rawValue < Stage.pickedUp.rawValue
                ? nil : JobsError(code: .failedPrecondition, message: "the courier has the parcel")
        case .assign, .review, .dispute, .product: nil
        }
    }

    static func progress(_ progress: inout Stage, after change: LifecycleChange<Request>) {
        switch change {
        case .workerAssigned: progress = .taken
        case .workerRejected: progress = .open
        case .submitted, .cancelled, .reviewed, .disputeOpened: break
        }
    }

    static func event(_ event: LifecycleEvent, of job: Job<Delivery>) -> Event { .core(event) }

    static func replay(
        _ timeline: [TimelineEntry<Change>],
        at index: Int,
        into job: inout Job<Delivery>,
        configuration: Configuration
    ) throws(JobsError) -> Int {
        guard case .moved(let stage) = timeline[index].change else {
            throw JobsError(code: .invalidArgument, message: "not a delivery change")
        }
        _ = try job.move(by: job.worker ?? "", to: stage, at: timeline[index].at)
        return index + 1
    }
}

extension Job where Product == Delivery {
    static let move = JobOperation.product(verb: "move", object: " along")

    /// The courier moves the delivery one stage on; delivering completes it.
    mutating func move(by actor: String, to stage: Delivery.Stage, at: Int64) throws(JobsError) -> [Delivery.Event] {
        try requireActive(for: Self.move)
        try requireWorker(actor, for: Self.move)
        guard stage.rawValue == progress.rawValue + 1 else {
            throw JobsError(code: .failedPrecondition, message: "one stage at a time")
        }
        try requireTime(at, for: Self.move)
        progress = stage
        record(.moved(to: stage), at: at)
        guard stage == .delivered else { return [] }
        complete(at: at)
        return [.delivered]
    }
}
