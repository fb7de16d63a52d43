import HouseholdsDomain
import QuadKernel
import QuadTestSupport
import Testing

@Suite("Balances")
struct BalancesTests {
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }

    @Test("given ana pays USD 90.00 split three ways and ben settles 30.00, then ana is owed 30.00 and cy owes 30.00")
    func expenseThenSettlement() throws {
        // Given
        var balances = Balances(currency: "USD")
        let split = try ExpenseSplit.equally(Self.usd(9_000), among: ["ana", "ben", "cy"])
        // When
        try balances.apply(Expense(payerID: "ana", split: split))
        try balances.apply(Settlement(from: "ben", to: "ana", amount: Self.usd(3_000), currency: "USD"))
        // Then
        #expect(balances.net(of: "ana") == Self.usd(3_000))
        #expect(balances.net(of: "ben") == Self.usd(0))
        #expect(balances.net(of: "cy") == Self.usd(-3_000))
        #expect(balances.net(of: "dee") == Self.usd(0))
    }

    @Test("given an expense in another currency, when applied, then it is refused and nothing changes")
    func refusesAnotherCurrency() throws {
        var balances = Balances(currency: "USD")
        let split = try ExpenseSplit.equally(Money(minorUnits: 100, currency: "EUR"), among: ["ana", "ben"])
        let error = #expect(throws: HouseholdsError.self) { try balances.apply(Expense(payerID: "ana", split: split)) }
        #expect(error?.field == "amount.currency")
        #expect(balances.netMinorUnits.isEmpty)
    }

    @Test("given nets near the limit, when an expense would overflow one, then it is refused and nothing changes")
    func refusesOverflow() throws {
        var balances = Balances(currency: "USD")
        let huge = try ExpenseSplit.equally(Self.usd(.max), among: ["ben"])
        try balances.apply(Expense(payerID: "ana", split: huge))
        let before = balances
        let error = #expect(throws: HouseholdsError.self) { try balances.apply(Expense(payerID: "ana", split: huge)) }
        #expect(error?.code == .failedPrecondition)
        #expect(balances == before)
    }

    @Test(
        "given a settlement with itself, nothing, or another currency, when made, then it is refused naming the field",
        arguments: [
            ("ana", "ana", Int64(100), "USD", "to_member_id"), ("ana", "ben", 0, "USD", "amount"),
            ("ana", "ben", -1, "USD", "amount"), ("ana", "ben", 100, "EUR", "amount.currency"),
            ("", "ben", 100, "USD", "from_member_id"), ("ana", "", 100, "USD", "to_member_id"),
        ]
    )
    func settlementRefusals(from: String, to: String, cents: Int64, currency: String, field: String) {
        let error = #expect(throws: HouseholdsError.self) {
            try Settlement(from: from, to: to, amount: Money(minorUnits: cents, currency: currency), currency: "USD")
        }
        #expect(error?.code == .invalidArgument && error?.field == field)
    }

    @Test(
        "given random expenses and settlements, when applied, then nets sum to 0, match a recount, revert to 0",
        arguments: randomSeeds
    )
    func randomSequences(seed: UInt64) throws {
        // Given
        var random = RandomSplits(seed: seed)
        let memberIDs = (0..<random.int(2...8)).map { "m\($0)" }
        var balances = Balances(currency: "USD")
        var expenses: [Expense] = []
        var settlements: [Settlement] = []
        for _ in 0..<1_000 {
            // When
            if random.int(0...3) == 0 {
                let pair = memberIDs.shuffled(using: &random.generator).prefix(2)
                let settlement = try Settlement(
                    from: pair.first!,
                    to: pair.last!,
                    amount: Self.usd(random.int64(1...100_000)),
                    currency: "USD"
                )
                try balances.apply(settlement)
                settlements.append(settlement)
            } else {
                // Ordinary amounts, so a thousand of them cannot overflow
                var split = try random.split(among: random.members(of: memberIDs))
                while split.amount.minorUnits > 1_000_000_000 { split = try random.split(among: memberIDs) }
                let expense = Expense(payerID: memberIDs.randomElement(using: &random.generator)!, split: split)
                try balances.apply(expense)
                expenses.append(expense)
            }
            // Then
            #expect(balances.netMinorUnits.values.reduce(0, +) == 0)
        }
        #expect(balances.netMinorUnits == Self.recount(expenses, settlements))
        for expense in expenses { try balances.revert(expense) }
        for settlement in settlements { try balances.revert(settlement) }
        #expect(balances.netMinorUnits.values.allSatisfy { $0 == 0 })
    }

    /// The nets computed from scratch, the slow way a store must not need.
    static func recount(_ expenses: [Expense], _ settlements: [Settlement]) -> [String: Int64] {
        var nets: [String: Int64] = [:]
        for expense in expenses {
            nets[expense.payerID, default: 0] += expense.split.amount.minorUnits
            for part in expense.split.parts { nets[part.memberID, default: 0] -= part.amount.minorUnits }
        }
        for settlement in settlements {
            nets[settlement.fromMemberID, default: 0] += settlement.amount.minorUnits
            nets[settlement.toMemberID, default: 0] -= settlement.amount.minorUnits
        }
        return nets
    }
}
