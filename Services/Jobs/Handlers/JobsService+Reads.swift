import Foundation
import JobsLaundry
public import QuadContracts
import QuadServiceKit
public import QuadWire

extension JobsService {
    /// L12: one job with its timeline, for its customer or assigned dasher: its stored view (no replay).
    public func getLaundryJob(request: Quad_Jobs_V1_GetLaundryJobRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_LaundryJob
    {
        let caller = try context.requireCaller()
        try Self.requireJobID(request.jobID)
        let jobID = request.jobID
        guard let job = try await database.view(id: jobID, for: caller.userID) else { throw Self.notFound(jobID) }
        return job
    }

    /// L12, L15: the caller's jobs as customer, dasher or both; in progress, past or all; newest first, a page at a
    /// time (`page_token`, `next_page_token`); their stored views.
    public func listMyLaundryJobs(
        request: Quad_Jobs_V1_ListMyLaundryJobsRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ListMyLaundryJobsResponse {
        let caller = try context.requireCaller()
        let party: JobsStore.Party
        switch request.role {
        case .unspecified: party = .either(caller.userID)
        case .customer: party = .customer(caller.userID)
        case .dasher: party = .dasher(caller.userID)
        case .UNRECOGNIZED(let value):
            throw RPCError(
                code: .invalidArgument,
                message:
                    "role: \(value) is not a role; use JOB_ROLE_CUSTOMER, JOB_ROLE_DASHER or leave it unset for both"
            )
        }
        let filter: JobsStore.Filter
        switch request.filter {
        case .all: filter = .all
        case .inProgress: filter = .open
        case .past: filter = .past
        case .UNRECOGNIZED(let value):
            throw RPCError(
                code: .invalidArgument,
                message: "filter: \(value) is not a filter; use JOB_LIST_FILTER_ALL, _IN_PROGRESS or _PAST"
            )
        }
        let limit = try PageLimit.resolve(
            request.limit,
            default: configuration.defaultListLimit,
            maximum: configuration.maximumListLimit
        )
        let token = request.pageToken
        let cursor = try token.isEmpty ? nil : refusingAsRPC { try JobHistoryCursor(token: token) }
        let page = try await database.views(of: party, filter: filter, limit: limit, after: cursor)
        return .with {
            $0.jobs = page.jobs
            $0.nextPageToken = page.next?.token ?? ""
        }
    }

    /// Service only: whether a job of any product exists and how it stands (payments' sweep of unconfirmed holds).
    public func getJobStatus(request: Quad_Jobs_V1_GetJobStatusRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_JobStatus
    {
        try Self.requireJobID(request.jobID)
        let jobID = request.jobID
        let record = try await refusingAsRPC { try await database.job(id: jobID) }
        guard let record else {
            // A hold names a job of any product: an errand, or a ride's seat (held at acceptance).
            return try await refusingAsRPC { try await database.otherJobStatus(id: jobID) }
        }
        let job = JobsProtoMapping.job(record)
        return .with {
            $0.exists = true
            $0.status = job.status
            $0.paymentIntentID = job.paymentIntentID
        }
    }
}
