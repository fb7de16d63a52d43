import GRDB
import HouseholdsDomain

/// H11: the running balances as they stand, read from their own rows (never the expenses).
extension HouseholdsDatabase {
    /// What GetBalances answers from: the household, its current members in the order they joined, every member's
    /// running net and each pair's.
    struct BalancesSnapshot: Sendable {
        var household: HouseholdRecord
        var memberIDs: [String]
        var nets: [String: Int64]
        var pairs: [(PairDebts.Pair, Int64)]
    }

    func balances(of household: String, for user: String) async throws -> BalancesSnapshot {
        try await storage.read { db in
            let access = try HouseholdAccess.require(user, in: household, db)
            return BalancesSnapshot(
                household: access.household,
                memberIDs: try HouseholdStore.memberIDs(of: household, db),
                nets: try BalanceStore.nets(of: household, db),
                pairs: try BalanceStore.pairs(of: household, db)
            )
        }
    }
}
