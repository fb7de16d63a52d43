import Foundation
import QuadContracts
import QuadLoadCore
import QuadToolKit
import QuadWire

/// A laundry customer (L1, L6, L11, L14): opens the app, submits a job, watches the feed until
/// the job is dropped off (reloading the job's screen at each change), then rates the dasher.
///
/// The job is done by a ``LaundryDasherJourney`` running beside it, so a `laundry` mix runs both;
/// a customer whose job no dasher finishes within the journey timeout fails with
/// `DEADLINE_EXCEEDED` on `gateway.Subscribe`. A dropped feed is resumed with its last event id (``FeedFollower``).
public struct LaundryCustomerJourney: Journey {
    public let name = "laundry-customer"
    /// How long the customer waits for the job to be dropped off.
    public let timeout: Duration

    /// A customer who waits at most `timeout` for their laundry.
    public init(timeout: Duration = .seconds(120)) {
        self.timeout = timeout
    }

    public func run(_ session: JourneySession) async throws {
        let app = try await CustomerApp.open(session)
        let (customer, bearer, gateway, jobs) = (app.customer, app.bearer, app.gateway, app.jobs)
        try await session.think(.milliseconds(500))

        // The feed first (as the app does before it acts), then the submission.
        let feed = FeedFollower(
            session: session,
            gateway: gateway,
            bearer: bearer,
            subscriber: customer.userID,
            timeout: timeout
        )
        let jobID: String = try await feed.follow {
            let key = UUID().uuidString
            let submitted = try await session.call(
                "jobs.SubmitLaundryJob",
                metadata: bearer.merging(["idempotency-key": key]) { $1 }
            ) {
                try await jobs.submitLaundryJob(Self.submission(card: customer.paymentMethodID ?? ""), options: $0)
            }
            session.wrote(
                .laundryJob,
                id: submitted.jobID,
                by: "jobs.SubmitLaundryJob",
                owner: customer.userID,
                amountMinor: submitted.estimate.total.minorUnits,
                currency: submitted.estimate.total.currency,
                idempotencyKey: key
            )
            return submitted.jobID
        } until: { jobID, event in
            // Each change of the job: the app reloads the job's screen.
            guard event.type == "quad.jobs.v1.JobChanged",
                let changed = try? Quad_Jobs_V1_JobChanged(serializedBytes: event.payload),
                changed.job.jobID == jobID
            else { return nil }
            session.eventArrived()
            let job = try await session.call("jobs.GetLaundryJob", metadata: bearer) {
                try await jobs.getLaundryJob(.with { $0.jobID = jobID }, options: $0)
            }
            return job.stage == .droppedOff || changed.job.stage == .droppedOff ? jobID : nil
        }

        try await session.think(.milliseconds(500))
        _ = try await session.call("jobs.ReviewLaundryJob", metadata: bearer) {
            try await jobs.reviewLaundryJob(
                .with {
                    $0.jobID = jobID; $0.stars = 5; $0.text = "Folded perfectly"
                },
                options: $0
            )
        }
    }

    /// Two loads with folding, picked up in an hour, paid with `card`.
    static func submission(card: String) -> Quad_Jobs_V1_SubmitLaundryJobRequest {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        return .with {
            $0.estimatedLoads = 2
            $0.instructions = "Cold wash, please"
            $0.pickupAtMicros = now + 3_600_000_000
            $0.dropOffAtMicros = now + 6 * 3_600_000_000
            $0.addOns = [.folding]
            $0.paymentMethodID = card
        }
    }
}
