import PaymentsDomain
import PaymentsStore
import QuadStorage

/// P4, P6: balances, ledger entries and the trial balance, all sums over entries.
extension PaymentsDatabase {
    /// A user's balances in one currency, read from one snapshot.
    struct Balances: Sendable, Hashable {
        /// Their balance account: what they can pay out or transfer.
        var available: Money
        /// Their cards' open holds.
        var onHold: Money
        /// Payouts sent and not confirmed by the bank.
        var pendingPayouts: Money
        /// Every earning credited so far.
        var earnedTotal: Money
    }

    /// `user`'s balances in `currency`.
    func balances(of user: String, in currency: String) async throws -> Balances {
        try await storage.read { db in
            Balances(
                available: try PaymentsStore.balance(of: .userBalance(user: user), in: currency, db),
                onHold: try PaymentsStore.balance(of: .customerHold(customer: user), in: currency, db),
                pendingPayouts: try PaymentsStore.payoutsInTransit(user: user, currency: currency, db),
                earnedTotal: try PaymentsStore.earnedTotal(user: user, currency: currency, db)
            )
        }
    }

    /// The balance of `account` in `currency`.
    func balance(of account: AccountID, in currency: String) async throws -> Money {
        try await storage.read { db in try PaymentsStore.balance(of: account, in: currency, db) }
    }

    /// The newest `limit` entries to `accounts`, newest first.
    func entries(of accounts: [AccountID], limit: Int) async throws -> [PaymentsStore.EntryLine] {
        try await storage.read { db in try PaymentsStore.entries(of: accounts, limit: limit, db) }
    }

    /// Every account's totals by currency and the number of postings, read from one snapshot.
    func trialBalance() async throws -> (accounts: [PaymentsStore.AccountTotals], postings: Int) {
        try await storage.read { db in (try PaymentsStore.accountTotals(db), try PaymentsStore.postingCount(db)) }
    }
}
