import PaymentsDomain
import PaymentsStore
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P4, P6: the caller's balances and ledger entries, and the operators' trial balance, all sums over entries.
extension PaymentsService {
    /// The caller's balances: available (their balance account), on hold (their cards' open holds), pending
    /// payouts (sent, not confirmed by the bank) and every earning credited so far.
    public func getBalance(
        request: Quad_Payments_V1_GetBalanceRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_Balance {
        let caller = try context.requireCaller()
        let balances = try await database.balances(of: caller.userID, in: currency)
        return .with {
            $0.available = PaymentsProtoMapping.amount(balances.available)
            $0.onHold = PaymentsProtoMapping.amount(balances.onHold)
            $0.pendingPayouts = PaymentsProtoMapping.amount(balances.pendingPayouts)
            $0.earnedTotal = PaymentsProtoMapping.amount(balances.earnedTotal)
        }
    }

    /// The entries of the caller's own accounts (their balance, their cards' holds, and the charges to and refunds
    /// back to their cards), newest first.
    public func listLedgerEntries(
        request: Quad_Payments_V1_ListLedgerEntriesRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_ListLedgerEntriesResponse {
        let caller = try context.requireCaller()
        let limit = try PageLimit.resolve(
            request.limit,
            default: configuration.defaultLedgerLimit,
            maximum: configuration.maximumLedgerLimit,
            of: "entries"
        )
        // Every account of the caller's: what they hold, were charged and got back as a customer, and their balance.
        let accounts: [AccountID] = [
            .userBalance(user: caller.userID), .customerHold(customer: caller.userID),
            .customerCharges(customer: caller.userID),
        ]
        let lines = try await refusingAsRPC {
            try await database.entries(of: accounts, limit: limit)
        }
        return .with {
            $0.entries = lines.map { line in
                .with {
                    $0.postingID = line.postingID
                    $0.account = line.entry.account.code
                    let zero = PaymentsProtoMapping.amount(.zero(line.entry.amount.currency))
                    let amount = PaymentsProtoMapping.amount(line.entry.amount)
                    $0.debit = line.entry.side == .debit ? amount : zero
                    $0.credit = line.entry.side == .credit ? amount : zero
                    $0.memo = line.kind.rawValue
                    $0.reference = line.reference
                    $0.atMicros = line.postedAt
                }
            }
        }
    }

    /// Operators (service_only): the trial balance from SQL sums, balanced when debits equal credits in every
    /// currency.
    public func checkBooks(
        request: Quad_Payments_V1_CheckBooksRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_TrialBalance {
        let (accounts, postings) = try await refusingAsRPC { try await database.trialBalance() }
        var perCurrency: [String: (debits: Int64, credits: Int64)] = [:]
        for account in accounts {
            perCurrency[account.currency, default: (0, 0)].debits += account.debits
            perCurrency[account.currency, default: (0, 0)].credits += account.credits
        }
        let home = perCurrency[currency] ?? (0, 0)
        return .with {
            $0.balanced = PaymentsStore.unbalancedCurrencies(accounts).isEmpty
            $0.totalDebits = PaymentsProtoMapping.amount(Money(minorUnits: home.debits, currency: currency))
            $0.totalCredits = PaymentsProtoMapping.amount(Money(minorUnits: home.credits, currency: currency))
            $0.accounts = accounts.map { account in
                .with {
                    $0.account = account.account.code
                    $0.debits = PaymentsProtoMapping.amount(
                        Money(minorUnits: account.debits, currency: account.currency)
                    )
                    $0.credits = PaymentsProtoMapping.amount(
                        Money(minorUnits: account.credits, currency: account.currency)
                    )
                }
            }
            $0.postings = UInt64(postings)
        }
    }
}
