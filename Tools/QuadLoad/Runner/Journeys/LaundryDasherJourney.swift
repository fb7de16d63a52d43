import QuadContracts
import QuadToolKit
import QuadWire

/// A laundry dasher (L2-L4, L7, L8, L11): opens the app, goes online, asks for a job until one is offered,
/// accepts it, moves it through every stage, finishes drying with the actual loads and machine
/// cost, drops it off and rates the customer.
///
/// A dasher who is offered nothing after ``attempts`` asks ends the journey as
/// `laundry-dasher-idle` (no job waiting is not an error). Each dasher works one journey at a
/// time; when every seeded dasher is busy the journey fails with a message to seed more.
public struct LaundryDasherJourney: Journey {
    public let name = "laundry-dasher"
    /// How many times the dasher asks before giving up.
    public let attempts: Int

    /// A dasher who asks up to `attempts` times.
    public init(attempts: Int = 20) {
        self.attempts = attempts
    }

    public func run(_ session: JourneySession) async throws {
        guard let dasher = session.population.checkOutDasher() else {
            throw JourneyError("every seeded dasher is busy: seed more with --dashers")
        }
        defer { session.population.checkIn(dasher) }
        let bearer = session.population.bearer(dasher)
        let gateway = Quad_Gateway_V1_Gateway.Client(transport: session.device(of: dasher))
        let matching = Quad_Matching_V1_Matching.Client(transport: session.device(of: dasher))
        let jobs = Quad_Jobs_V1_Jobs.Client(transport: session.device(of: dasher))

        _ = try await session.call("gateway.GetDasherHome", metadata: bearer) {
            try await gateway.getDasherHome(.init(), options: $0)
        }
        // Online in their dorm for the shift (L2).
        _ = try await session.call("matching.SetAccepting", metadata: bearer) {
            try await matching.setAccepting(.with { $0.accepting = true }, options: $0)
        }
        var offer: Quad_Matching_V1_Offer?
        for _ in 0..<attempts {
            try await session.think(.milliseconds(300))
            let answer = try await session.call("matching.AssignMe", metadata: bearer) {
                try await matching.assignMe(.init(), options: $0)
            }
            if answer.hasOffer {
                offer = answer.offer
                break
            }
        }
        guard let offer else { throw JourneyOutcome.renamed("laundry-dasher-idle") }

        try await session.think(.milliseconds(300))
        _ = try await session.call("matching.AcceptOffer", metadata: bearer) {
            try await matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: $0)
        }
        // The job reaches jobs through matching's outbox: the app shows it among the dasher's jobs in
        // progress once it is theirs (before that, jobs does not show it to them at all).
        var job: Quad_Jobs_V1_LaundryJob?
        for _ in 0..<50 {
            let mine = try await session.call("jobs.ListMyLaundryJobs", metadata: bearer) {
                try await jobs.listMyLaundryJobs(
                    .with {
                        $0.role = .dasher; $0.filter = .inProgress; $0.limit = 50
                    },
                    options: $0
                )
            }
            job = mine.jobs.first { $0.jobID == offer.jobID }
            if job != nil { break }
            try await session.think(.milliseconds(100))
        }
        guard let job else {
            throw JourneyError(
                "job \(offer.jobID) was not among the dasher's jobs 50 looks after they accepted its offer"
            )
        }

        for stage in [Quad_Jobs_V1_LaundryStage.onTheWayForPickup, .pickedUp, .inWasher, .finishedWashing, .inDryer] {
            try await session.think(.milliseconds(400))
            _ = try await session.call("jobs.AdvanceStage", metadata: bearer) {
                try await jobs.advanceStage(
                    .with {
                        $0.jobID = offer.jobID; $0.toStage = stage
                    },
                    options: $0
                )
            }
        }
        try await session.think(.milliseconds(400))
        _ = try await session.call("jobs.ReportDrying", metadata: bearer) {
            try await jobs.reportDrying(
                .with {
                    $0.jobID = offer.jobID
                    $0.actualLoads = job.estimatedLoads
                    $0.machineCost = .with {
                        $0.minorUnits = 700; $0.currency = "USD"
                    }
                },
                options: $0
            )
        }
        for stage in [Quad_Jobs_V1_LaundryStage.onTheWayForDropOff, .droppedOff] {
            try await session.think(.milliseconds(400))
            _ = try await session.call("jobs.AdvanceStage", metadata: bearer) {
                try await jobs.advanceStage(
                    .with {
                        $0.jobID = offer.jobID; $0.toStage = stage
                    },
                    options: $0
                )
            }
        }
        try await session.think(.milliseconds(300))
        _ = try await session.call("jobs.ReviewLaundryJob", metadata: bearer) {
            try await jobs.reviewLaundryJob(
                .with {
                    $0.jobID = offer.jobID; $0.stars = 5
                },
                options: $0
            )
        }
    }
}
