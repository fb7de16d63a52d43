import Foundation
import JobsErrands
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

extension ErrandsService {
    /// Story 10: catalog items whose name starts with `prefix`, so the requester picks instead of typing.
    public func searchItemCatalog(
        request: Quad_Jobs_V1_SearchItemCatalogRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_SearchItemCatalogResponse {
        _ = try context.requireCaller()
        let prefix = request.prefix.trimmingCharacters(in: .whitespaces)
        guard !prefix.isEmpty, prefix.count <= 100 else {
            throw RPCError(
                code: .invalidArgument,
                message: "prefix: between 1 and 100 characters of an item's name, got \(prefix.count)"
            )
        }
        let limit = try PageLimit.resolve(request.limit, default: 10, maximum: 50, of: "items")
        let items = try await refusingAsRPC { try await database.catalog(prefix: prefix, limit: limit) }
        return .with { $0.items = items }
    }

    /// E8, story 20: the average price paid for one of an item over the caller's campus's completed errands, once
    /// there are at least 3 purchases of it (otherwise `enough_data` is false and no average is given).
    public func getItemPrice(
        request: Quad_Jobs_V1_GetItemPriceRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_ItemPrice {
        let caller = try context.requireCaller()
        try refusingAsRPC { try ErrandText.requireName(request.itemName, field: "item_name", maximum: 200) }
        let paid = try await refusingAsRPC {
            try await database.pricesPaid(name: request.itemName, campus: caller.campusID)
        }
        let minimum = ErrandsRules.minimumPriceDataPoints
        return .with {
            $0.itemName = request.itemName
            $0.minimumDataPoints = UInt32(minimum)
            $0.dataPoints = UInt32(paid?.count ?? 0)
            guard let paid, paid.count >= minimum else { return }
            $0.enoughData = true
            // Rounded half up to the minor unit.
            let count = Int64(paid.count)
            $0.averagePrice = .with {
                $0.minorUnits = (paid.sumMinor + count / 2) / count
                $0.currency = paid.currency
            }
        }
    }

    /// E9, story 14: the caller is at `store` until `until_micros` (after now, within 12 hours; a new visit replaces
    /// the last). They get the open errands with items from it now, and an `ErrandNearby` feed event for each one
    /// posted until then.
    public func announceStoreVisit(
        request: Quad_Jobs_V1_AnnounceStoreVisitRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_StoreVisit {
        let caller = try context.requireCaller()
        let store = request.store.trimmingCharacters(in: .whitespaces)
        try refusingAsRPC { try ErrandText.requireName(store, field: "store") }
        let now = nowMicros
        let latest = now + ErrandsRules.longestStoreVisit
        guard request.untilMicros > now, request.untilMicros <= latest else {
            throw RPCError(
                code: .invalidArgument,
                message: "until_micros: between now (\(Microseconds.iso8601(now))) and 12 hours from now "
                    + "(\(Microseconds.iso8601(latest))), got \(Microseconds.iso8601(request.untilMicros))"
            )
        }
        let open = try await refusingAsRPC {
            try await database.visit(
                buyer: caller.userID,
                campus: caller.campusID,
                store: store,
                until: request.untilMicros,
                now: now,
                limit: 20
            )
        }
        return .with {
            $0.buyerID = caller.userID
            $0.store = store
            $0.untilMicros = request.untilMicros
            $0.openErrands = open
        }
    }
}
