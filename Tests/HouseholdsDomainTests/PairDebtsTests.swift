import HouseholdsDomain
import QuadKernel
import Testing

@Suite("PairDebts")
struct PairDebtsTests {
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }

    @Test("each member with a part owes the payer it; a settlement lowers what its payer owes; sides sum to the nets")
    func pairsMatchNets() throws {
        let split = try ExpenseSplit.equally(Self.usd(10_000), among: ["ana", "ben", "cy"])
        let expense = Expense(payerID: "ben", split: split)
        let settlement = try Settlement(from: "cy", to: "ben", amount: Self.usd(1_000), currency: "USD")
        var pairs = PairDebts.deltas(of: expense)
        for (pair, units) in PairDebts.deltas(of: settlement) { pairs[pair, default: 0] += units }
        // ana < ben: ana owes ben 33.34 (positive); ben < cy: cy owes ben 33.33 - 10.00 (negative).
        #expect(pairs == [PairDebts.Pair("ana", "ben"): 3_334, PairDebts.Pair("cy", "ben"): -2_333])
        var balances = Balances(currency: "USD")
        try balances.apply(expense)
        try balances.apply(settlement)
        for member in ["ana", "ben", "cy"] {
            let sides = pairs.reduce(Int64(0)) { sum, entry in
                if entry.key.first == member { return sum - entry.value }
                if entry.key.second == member { return sum + entry.value }
                return sum
            }
            #expect(sides == balances.net(of: member).minorUnits, "\(member)")
        }
    }
}
