import Foundation
import QuadContracts

/// One filtered feed query of `errands-feed`: its request (first page, 20 errands) and the filter as the bench checks
/// it, against a row of the feed and against what errands-seed posted.
struct ErrandsFeedQuery {
    /// The filters it sets, joined with "+" ("store+item_text"), or "none".
    var kind: String
    var name: String
    var store: String?
    var itemText: String?
    var maxTotal: Int64?
    var neededByBefore: Int64?

    var request: Quad_Jobs_V1_ListErrandFeedRequest {
        .with {
            $0.limit = 20
            if let store { $0.store = store }
            if let itemText { $0.itemText = itemText }
            if let maxTotal {
                $0.maxTotal = .with {
                    $0.minorUnits = maxTotal
                    $0.currency = "USD"
                }
            }
            if let neededByBefore { $0.neededByBeforeMicros = neededByBefore }
        }
    }

    func matches(_ row: Quad_Jobs_V1_ErrandSummary) -> Bool {
        matches(
            names: row.items.map(\.name),
            stores: row.stores + row.items.map(\.store),
            hold: row.total.minorUnits,
            neededBy: row.neededByMicros
        )
    }

    func matches(_ posted: ErrandsSeedBench.Posted) -> Bool {
        matches(names: posted.names, stores: posted.stores, hold: posted.holdMinor, neededBy: posted.neededBy)
    }

    private func matches(names: [String], stores: [String], hold: Int64, neededBy: Int64) -> Bool {
        if let store, !stores.contains(where: { $0.caseInsensitiveCompare(store) == .orderedSame }) { return false }
        if let itemText, !names.contains(where: { $0.range(of: itemText, options: .caseInsensitive) != nil }) {
            return false
        }
        if let maxTotal, hold > maxTotal { return false }
        if let neededByBefore, neededBy >= neededByBefore { return false }
        return true
    }

    /// 48 queries in 12 kinds; the needed-by bounds are hours after `now`.
    static func all(now: Int64) -> [ErrandsFeedQuery] {
        let hour: Int64 = 3_600_000_000
        func query(
            _ store: String? = nil,
            _ text: String? = nil,
            total: Int64? = nil,
            within hours: Int64? = nil
        ) -> ErrandsFeedQuery {
            var kinds: [String] = []
            var names: [String] = []
            if let store {
                kinds.append("store")
                names.append(store)
            }
            if let text {
                kinds.append("item_text")
                names.append("\"\(text)\"")
            }
            if let total {
                kinds.append("max_total")
                names.append("≤ $\(total / 100)")
            }
            if let hours {
                kinds.append("needed_by_before")
                names.append("< \(hours) h")
            }
            return ErrandsFeedQuery(
                kind: kinds.count == 4 ? "all four" : kinds.isEmpty ? "none" : kinds.joined(separator: "+"),
                name: names.isEmpty ? "the whole feed" : names.joined(separator: ", "),
                store: store,
                itemText: text,
                maxTotal: total,
                neededByBefore: hours.map { now + $0 * hour }
            )
        }
        var queries = [query()]
        queries += ErrandsBench.stores.map { query($0) }
        queries += ["milk", "coffee", "chips", "bread", "juice", "sauce", "quinoa", "tea", "choc", "CHEESE"].map {
            query(nil, $0)
        }
        queries += [1_000, 2_500, 6_000].map { query(total: $0) }
        queries += [6, 24, 72].map { query(within: $0) }
        queries += [
            query("Campus Market", "milk"), query("Trader Joe's", "coffee"), query("Safeway", "chips"),
            query("Target", "sauce"), query("CVS", "quinoa"),
            query("Campus Market", total: 2_500), query("Safeway", total: 1_000), query("Walgreens", total: 6_000),
            query(nil, "milk", total: 1_500), query(nil, "coffee", total: 3_000), query(nil, "chips", total: 1_000),
            query("Campus Market", within: 24), query("Target", within: 6), query("Costco", within: 72),
            query(nil, "milk", within: 24), query(nil, "bread", within: 6), query(nil, "tea", within: 72),
            query(total: 2_500, within: 24), query(total: 1_000, within: 6),
            query("Campus Market", "milk", total: 3_000, within: 72),
            query("Safeway", "chips", total: 2_000, within: 24),
        ]
        return queries
    }
}
