import HouseholdsDomain
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// H11: balances as they run, and the debts that settle them.
extension ExpensesService {
    public func getBalances(
        request: Quad_Households_V1_GetBalancesRequest,
        context: ServerContext
    ) async throws -> Quad_Households_V1_Balances {
        let caller = try context.requireCaller()
        let snapshot = try await refusingAsRPC {
            try await database.balances(of: request.householdID, for: caller.userID)
        }
        let currency = snapshot.household.currency
        func amount(_ units: Int64) -> Quad_Types_V1_Amount {
            Quad_Types_V1_Amount(Money(minorUnits: units, currency: currency))
        }
        // Every current member, then those who left owing or owed, so the nets listed sum to zero.
        let current = Set(snapshot.memberIDs)
        let former = snapshot.nets.filter { !current.contains($0.key) && $0.value != 0 }.keys.sorted()
        let listed = snapshot.memberIDs + former
        let debts: [Quad_Households_V1_Debt]
        if snapshot.household.simplifyDebts {
            let nets = snapshot.nets.mapValues { Money(minorUnits: $0, currency: currency) }
            debts = try refusingAsRPC { try DebtSimplifier.transfers(settling: nets) }.map { transfer in
                .with {
                    $0.fromUserID = transfer.fromMemberID
                    $0.toUserID = transfer.toMemberID
                    $0.amount = Quad_Types_V1_Amount(transfer.amount)
                }
            }
        } else {
            debts = snapshot.pairs.map { pair, owed in
                .with {
                    $0.fromUserID = owed > 0 ? pair.first : pair.second
                    $0.toUserID = owed > 0 ? pair.second : pair.first
                    $0.amount = amount(owed == .min ? .max : abs(owed))
                }
            }
        }
        return .with {
            $0.members = listed.map { member in
                .with {
                    $0.memberID = member
                    $0.net = amount(snapshot.nets[member, default: 0])
                }
            }
            $0.debts = debts
            $0.simplified = snapshot.household.simplifyDebts
            $0.expenseCount = UInt64(max(0, snapshot.household.expenseCount))
        }
    }
}
