import Foundation
import JobsErrands
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

extension ErrandsService {
    /// Story 8: one errand with its items, stores, place, prices and timeline, for whoever may see it.
    public func getErrand(
        request: Quad_Jobs_V1_GetErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        try Self.requireErrandID(request.errandID)
        let errand = try await refusingAsRPC {
            try await database.errand(id: request.errandID, visibleTo: caller.userID, campus: caller.campusID)
        }
        guard let errand else { throw Self.notFound(request.errandID) }
        return errand
    }

    /// E2: the caller's campus's open errands, newest first, filtered and paged. Errands accepted, cancelled, hidden
    /// by reports or past their needed-by time are never in it.
    public func listErrandFeed(
        request: Quad_Jobs_V1_ListErrandFeedRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ListErrandFeedResponse {
        let caller = try context.requireCaller()
        let filter = try Self.feedFilter(request)
        let limit = try PageLimit.resolve(request.limit, default: 20, maximum: 100, of: "errands")
        let cursor = try Self.cursor(request.pageToken)
        let (errands, next) = try await refusingAsRPC {
            try await database.errandFeed(
                campus: caller.campusID,
                filter: filter,
                now: nowMicros,
                limit: limit,
                before: cursor
            )
        }
        return .with {
            $0.errands = errands
            $0.nextPageToken = next.map(Self.pageToken) ?? ""
        }
    }

    /// E2's second feed: the caller's errands as requester, buyer or either, newest first.
    public func listMyErrands(
        request: Quad_Jobs_V1_ListMyErrandsRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ListMyErrandsResponse {
        let caller = try context.requireCaller()
        if case .UNRECOGNIZED(let value) = request.role {
            throw RPCError(
                code: .invalidArgument,
                message: "role: \(value) is no ErrandRole; leave it unset for either"
            )
        }
        let limit = try PageLimit.resolve(request.limit, default: 20, maximum: 100, of: "errands")
        let cursor = try Self.cursor(request.pageToken)
        let (errands, next) = try await refusingAsRPC {
            try await database.errands(
                of: caller.userID,
                role: request.role,
                activeOnly: request.activeOnly,
                limit: limit,
                before: cursor
            )
        }
        return .with {
            $0.errands = errands
            $0.nextPageToken = next.map(Self.pageToken) ?? ""
        }
    }

    /// The feed's filter, each part checked and named when wrong.
    static func feedFilter(_ request: Quad_Jobs_V1_ListErrandFeedRequest) throws -> ErrandsStore.FeedFilter {
        var filter = ErrandsStore.FeedFilter()
        let store = request.store.trimmingCharacters(in: .whitespaces)
        if !store.isEmpty {
            guard store.count <= 100 else {
                throw RPCError(code: .invalidArgument, message: "store: at most 100 characters, got \(store.count)")
            }
            filter.store = store
        }
        let text = request.itemText.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
            guard text.count >= ErrandsRules.minimumItemTextLength, text.count <= 100 else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "item_text: between \(ErrandsRules.minimumItemTextLength) and 100 characters of an "
                        + "item's name, got \(text.count)"
                )
            }
            // A control character (NUL above all) is never in an item's name, and breaks the full-text query.
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw RPCError(code: .invalidArgument, message: "item_text: no control characters in an item's name")
            }
            filter.itemText = text
        }
        if request.hasMaxTotal {
            let total = JobsProtoMapping.money(request.maxTotal)
            guard total.isPositive else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "max_total: above zero, or unset for any, got \(total.formatted)"
                )
            }
            guard Money.isValidCurrencyCode(total.currency) else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "max_total.currency: an ISO 4217 code such as USD, got '\(total.currency)'"
                )
            }
            filter.maxTotal = total.minorUnits
            filter.currency = total.currency
        }
        if request.neededByBeforeMicros != 0 {
            guard request.neededByBeforeMicros > 0 else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "needed_by_before_micros: an instant in UTC microseconds, or 0 for any"
                )
            }
            filter.neededByBefore = request.neededByBeforeMicros
        }
        return filter
    }

    static func pageToken(_ seq: Int64) -> String { PageToken.make(seq, "errands") }

    static func cursor(_ token: String) throws -> Int64? {
        guard !token.isEmpty else { return nil }
        guard let (seq, key) = PageToken.parse(token), key == "errands" else {
            throw RPCError(code: .invalidArgument, message: PageToken.refusal)
        }
        return seq
    }
}
