import QuadContracts
import QuadToolKit
import QuadWire

/// Browsing (G2, L12, L15): a customer opens the app's home screen, looks at their jobs in progress
/// and their history, and opens up to three of them.
public struct BrowsingJourney: Journey {
    public let name = "browsing"

    public init() {}

    public func run(_ session: JourneySession) async throws {
        let app = try await CustomerApp.open(session)
        let (bearer, jobs) = (app.bearer, app.jobs)
        try await session.think(.milliseconds(400))
        let open = try await session.call("jobs.ListMyLaundryJobs", metadata: bearer) {
            try await jobs.listMyLaundryJobs(
                .with {
                    $0.role = .customer; $0.filter = .inProgress; $0.limit = 20
                },
                options: $0
            )
        }
        try await session.think(.milliseconds(400))
        let past = try await session.call("jobs.ListMyLaundryJobs", metadata: bearer) {
            try await jobs.listMyLaundryJobs(
                .with {
                    $0.role = .customer; $0.filter = .past; $0.limit = 20
                },
                options: $0
            )
        }
        for job in (open.jobs + past.jobs).prefix(3) {
            try await session.think(.milliseconds(300))
            _ = try await session.call("jobs.GetLaundryJob", metadata: bearer) {
                try await jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: $0)
            }
        }
    }
}
