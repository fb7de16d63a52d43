import HouseholdsDomain
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// H6, H9: chore history with ratings, and points with the fairness view.
extension ChoresService {
    public func rateChore(
        request: Quad_Households_V1_RateChoreRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ChoreCompletion {
        let caller = try context.requireCaller()
        try HouseholdsInput.requireID(
            request.completionID,
            "completion_id",
            "chore completion (ListChoreHistory lists them)"
        )
        guard (1...5).contains(request.stars) else {
            throw RPCError(code: .invalidArgument, message: "stars: 1 to 5, not \(request.stars)")
        }
        let (completion, name) = try await refusingAsRPC {
            try await database.rate(
                request.completionID,
                stars: Int(request.stars),
                by: caller.userID,
                at: clock.micros()
            )
        }
        return ChoresProtoMapping.completion(completion, choreName: name)
    }

    public func listChoreHistory(
        request: Quad_Households_V1_ListChoreHistoryRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_ListChoreHistoryResponse {
        let caller = try context.requireCaller()
        let limit = try PageLimit.resolve(request.limit, default: 50, maximum: 200, of: "completions")
        var cursor: (doneAt: Int64, id: String)?
        if !request.pageToken.isEmpty {
            guard let (doneAt, id) = PageToken.parse(request.pageToken) else {
                throw RPCError(code: .invalidArgument, message: PageToken.refusal)
            }
            cursor = (doneAt, id)
        }
        let page = try await refusingAsRPC {
            try await database.history(
                of: request.householdID,
                chore: request.choreID.isEmpty ? nil : request.choreID,
                for: caller.userID,
                after: cursor,
                limit: limit
            )
        }
        let shown = page.prefix(limit)
        return .with {
            $0.completions = shown.map { ChoresProtoMapping.completion($0.0, choreName: $0.1) }
            if page.count > limit, let last = shown.last?.0 {
                $0.nextPageToken = PageToken.make(last.doneAt ?? 0, last.id)
            }
        }
    }

    public func getPoints(
        request: Quad_Households_V1_GetPointsRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_GetPointsResponse {
        let caller = try context.requireCaller()
        guard (1970...9998).contains(request.year) else {
            throw RPCError(code: .invalidArgument, message: "year: 1970 to 9998, not \(request.year)")
        }
        guard request.month <= 12 else {
            throw RPCError(
                code: .invalidArgument,
                message: "month: 1 to 12 for a month, or 0 for the whole year; not \(request.month)"
            )
        }
        let shares = try await refusingAsRPC {
            try await database.points(
                of: request.householdID,
                for: caller.userID,
                year: Int(request.year),
                month: Int(request.month)
            )
        }
        return .with {
            $0.members = shares.map { share in
                .with {
                    $0.memberID = share.memberID
                    $0.points = UInt32(share.points)
                    $0.share = share.share
                    $0.evenShare = share.evenShare
                }
            }
            $0.total = UInt32(shares.reduce(0) { $0 + $1.points })
        }
    }
}
