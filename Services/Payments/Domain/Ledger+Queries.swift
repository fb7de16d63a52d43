/// The questions the books answer (P4: balances are queries over entries).
extension Ledger {
    /// The balance of `account` in `currency`, on its normal side: what a debit-normal account holds is its debits
    /// minus its credits, a credit-normal account the reverse. Zero for an account with no entries.
    public func balance(of account: AccountID, in currency: String) -> Money {
        let totals = accountTotals[BalanceKey(account: account, currency: currency)] ?? EntryTotals()
        // Both totals are non-negative Int64s, so their difference always fits.
        let net = account.normalSide == .debit ? totals.debits - totals.credits : totals.credits - totals.debits
        return Money(minorUnits: net, currency: currency)
    }

    /// What `user` may be paid out in `currency`: their earnings, reimbursements and transfers received, less what
    /// was paid out or transferred away.
    public func availableBalance(ofUser user: String, in currency: String) -> Money {
        balance(of: .userBalance(user: user), in: currency)
    }

    /// What `user`'s balance has paid out to their bank in `currency`, all time.
    public func paidOut(toUser user: String, in currency: String) -> Money {
        let key = BalanceKey(account: .userBalance(user: user), currency: currency)
        return Money(minorUnits: paidOutTotals[key] ?? 0, currency: currency)
    }

    /// What is held on `customer`'s payment method in `currency` and neither captured, released nor expired.
    public func pendingHolds(ofCustomer customer: String, in currency: String) -> Money {
        balance(of: .customerHold(customer: customer), in: currency)
    }

    /// Every account's debit and credit totals, and the totals per currency.
    public func trialBalance() -> TrialBalance {
        let rows =
            accountTotals
            .map { key, totals in
                TrialBalance.Row(
                    account: key.account,
                    currency: key.currency,
                    debits: totals.debits,
                    credits: totals.credits
                )
            }
            .sorted { ($0.currency, $0.account) < ($1.currency, $1.account) }
        return TrialBalance(rows: rows)
    }

    /// Whether the debits equal the credits in every currency: the check of the books.
    public var isBalanced: Bool { trialBalance().isBalanced }
}
