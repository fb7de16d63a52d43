import QuadContracts
import QuadToolKit
import QuadWire

/// Browsing (G2, L12, L15): a customer opens the app's home screen, looks at their jobs in progress
/// and their history, and opens up to three of them.
public struct BrowsingJourney: Journey {
    public let name = "browsing"

    public init() {}

    public func run(_ session: JourneySession) async throws {
        let customer = try session.randomCustomer()
        let bearer = Population.bearer(customer)
        let gateway = Quad_Gateway_V1_Gateway.Client(transport: session.device(of: customer))
        let jobs = Quad_Jobs_V1_Jobs.Client(transport: session.device(of: customer))

        _ = try await session.call("gateway.GetCustomerHome", metadata: bearer) {
            try await gateway.getCustomerHome(.init(), options: $0)
        }
        try await session.think(.milliseconds(400))
        let open = try await session.call("jobs.ListMyLaundryJobs", metadata: bearer) {
            try await jobs.listMyLaundryJobs(.with { $0.role = .customer; $0.filter = .inProgress; $0.limit = 20 }, options: $0)
        }
        try await session.think(.milliseconds(400))
        let past = try await session.call("jobs.ListMyLaundryJobs", metadata: bearer) {
            try await jobs.listMyLaundryJobs(.with { $0.role = .customer; $0.filter = .past; $0.limit = 20 }, options: $0)
        }
        for job in (open.jobs + past.jobs).prefix(3) {
            try await session.think(.milliseconds(300))
            _ = try await session.call("jobs.GetLaundryJob", metadata: bearer) {
                try await jobs.getLaundryJob(.with { $0.jobID = job.jobID }, options: $0)
            }
        }
    }
}
