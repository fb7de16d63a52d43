public import QuadKernel

/// Turns members' nets into a few transfers that settle them all ("simplify debts").
///
/// Greedy: the member owed most is paid by the member who owes most, as much as settles one of them, until every net
/// is zero. Each transfer zeroes at least one member and the last zeroes two, so k members with a non-zero net need
/// at most k − 1 transfers (≤ N − 1). This is not always the fewest: the minimum is k minus the largest number of
/// groups the members split into with nets summing to zero, which is NP-hard to find in general. As every member with
/// a net must appear in a transfer and a transfer names two, the minimum is at least ⌈k / 2⌉, so the greedy count is
/// at most 2 × minimum − 1. Ties (equal nets) go to the member ID first in order, so the result is deterministic.
public enum DebtSimplifier {
    /// Transfers that, applied as settlements, bring every net in `nets` to zero; refuses (`FAILED_PRECONDITION`)
    /// nets in mixed currencies or not summing to zero, which balances never produce.
    public static func transfers(settling nets: [String: Money]) throws(HouseholdsError) -> [Transfer] {
        guard let currency = nets.values.first?.currency else { return [] }
        guard nets.values.allSatisfy({ $0.currency == currency }) else {
            throw HouseholdsError(code: .failedPrecondition, message: "the nets are in more than one currency")
        }
        var creditors: [(id: String, units: Int64)] = []
        var debtors: [(id: String, units: Int64)] = []
        var total: Int64 = 0
        for (memberID, net) in nets {
            let (sum, overflow) = total.addingReportingOverflow(net.minorUnits)
            guard !overflow else {
                throw HouseholdsError(code: .failedPrecondition, message: "the nets overflow when summed")
            }
            total = sum
            if net.isPositive { creditors.append((memberID, net.minorUnits)) }
            if net.isNegative { debtors.append((memberID, -net.minorUnits)) }
        }
        guard total == 0 else {
            throw HouseholdsError(code: .failedPrecondition, message: "the nets sum to \(total) minor units, not 0")
        }
        var transfers: [Transfer] = []
        // At most 50 or so members: a linear scan for the largest beats keeping heaps.
        while let creditor = largest(creditors), let debtor = largest(debtors) {
            let units = min(creditors[creditor].units, debtors[debtor].units)
            transfers.append(
                Transfer(
                    from: debtors[debtor].id,
                    to: creditors[creditor].id,
                    amount: Money(minorUnits: units, currency: currency)
                )
            )
            creditors[creditor].units -= units
            debtors[debtor].units -= units
            if creditors[creditor].units == 0 { creditors.remove(at: creditor) }
            if debtors[debtor].units == 0 { debtors.remove(at: debtor) }
        }
        return transfers
    }

    /// The index of the largest amount, the smaller member ID on a tie.
    private static func largest(_ members: [(id: String, units: Int64)]) -> Int? {
        members.indices.max { first, second in
            let (a, b) = (members[first], members[second])
            return a.units != b.units ? a.units < b.units : a.id > b.id
        }
    }
}
