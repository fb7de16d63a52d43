import GRDB
import PaymentsStore

/// **books-balance**: in payments' ledger, debits equal credits in every currency (the rule CheckBooks answers
/// `balanced` by: ``PaymentsStore/unbalancedCurrencies(_:)``), and every posting balances on its own.
public enum BooksBalance {
    public static let name = "books-balance"

    /// Checks payments' ledger in `databases`.
    public static func check(_ databases: ServiceDatabases) throws -> InvariantResult {
        var result = InvariantResult(name: name)
        guard
            let (totals, postings, unbalanced) = try databases.read(
                "payments",
                { db in
                    (
                        try PaymentsStore.accountTotals(db), try PaymentsStore.postingCount(db),
                        try PaymentsStore.unbalancedPostings(db)
                    )
                }
            )
        else {
            result.notes.append("no payments database")
            return result
        }
        result.checked = postings
        for currency in PaymentsStore.unbalancedCurrencies(totals) {
            result.violations.append(
                "\(currency.currency) debits \(currency.debits) ≠ credits \(currency.credits) over every account"
            )
        }
        for posting in unbalanced {
            result.violations.append("posting \(posting) does not balance")
        }
        return result
    }
}
