import HouseholdsDomain
import QuadKernel
import QuadTestSupport
import Testing

@Suite("DebtSimplifier")
struct DebtSimplifierTests {
    static func usd(_ nets: [String: Int64]) -> [String: Money] {
        nets.mapValues { Money(minorUnits: $0, currency: "USD") }
    }

    /// Applies `transfers` to `nets` as settlements would: the payer's net rises, the payee's falls.
    static func apply(_ transfers: [Transfer], to nets: [String: Int64]) -> [String: Int64] {
        var nets = nets
        for transfer in transfers {
            nets[transfer.fromMemberID, default: 0] += transfer.amount.minorUnits
            nets[transfer.toMemberID, default: 0] -= transfer.amount.minorUnits
        }
        return nets
    }

    /// The fewest transfers that settle `nets`, by brute force over every way to group the members.
    ///
    /// The transfers of any solution form a graph whose connected groups each sum to zero, and a group of s members
    /// needs at least s − 1 transfers (and s − 1 suffice, as a chain). So the minimum is the number of members with a
    /// non-zero net minus the most disjoint zero-sum groups they can be partitioned into, found here over all subsets.
    static func fewestTransfers(_ nets: [String: Int64]) -> Int {
        let values = nets.values.filter { $0 != 0 }
        let count = values.count
        let full = (1 << count) - 1
        var sums = [Int64](repeating: 0, count: full + 1)
        for mask in 1...max(full, 1) where mask <= full {
            let low = mask.trailingZeroBitCount
            sums[mask] = sums[mask & (mask - 1)] + values[low]
        }
        // groups[mask]: the most zero-sum groups that partition `mask` (which sums to zero), or -1 when it cannot.
        var groups = [Int](repeating: -1, count: full + 1)
        groups[0] = 0
        for mask in 1...max(full, 1) where mask <= full && sums[mask] == 0 {
            let lowest = mask & -mask
            var subset = mask
            // Every zero-sum subset holding the lowest member, then the best partition of the rest.
            while subset > 0 {
                if subset & lowest != 0, sums[subset] == 0, groups[mask ^ subset] >= 0 {
                    groups[mask] = max(groups[mask], groups[mask ^ subset] + 1)
                }
                subset = (subset - 1) & mask
            }
        }
        return count - groups[full]
    }

    @Test("given one debtor and two creditors, when simplified, then the debtor pays each what they are owed")
    func oneDebtor() throws {
        let transfers = try DebtSimplifier.transfers(settling: Self.usd(["ana": 3_000, "ben": 1_000, "cy": -4_000]))
        #expect(
            transfers == [
                Transfer(from: "cy", to: "ana", amount: Money(minorUnits: 3_000, currency: "USD")),
                Transfer(from: "cy", to: "ben", amount: Money(minorUnits: 1_000, currency: "USD")),
            ]
        )
    }

    @Test("given every net zero or no members, when simplified, then there is nothing to pay")
    func nothingToPay() throws {
        #expect(try DebtSimplifier.transfers(settling: Self.usd(["ana": 0, "ben": 0])).isEmpty)
        #expect(try DebtSimplifier.transfers(settling: [:]).isEmpty)
    }

    @Test("given nets that do not sum to zero or mix currencies, when simplified, then it is refused")
    func refusals() {
        #expect(throws: HouseholdsError.self) {
            try DebtSimplifier.transfers(settling: Self.usd(["ana": 1, "ben": 0]))
        }
        #expect(throws: HouseholdsError.self) {
            try DebtSimplifier.transfers(settling: [
                "ana": Money(minorUnits: 1, currency: "USD"), "ben": Money(minorUnits: -1, currency: "EUR"),
            ])
        }
    }

    @Test("given nets with a zero-sum pair greedy does not see, when simplified, then it takes 4 where 3 suffice")
    func greedyIsNotAlwaysFewest() throws {
        // Given: {c: 5, e: -5} settle in one transfer and {a: 4, b: 2, d: -6} in two, but greedy pays the largest
        // creditor (c) from the largest debtor (d) first
        let nets: [String: Int64] = ["a": 4, "b": 2, "c": 5, "d": -6, "e": -5]
        // When
        let transfers = try DebtSimplifier.transfers(settling: Self.usd(nets))
        // Then
        #expect(Self.apply(transfers, to: nets).values.allSatisfy { $0 == 0 })
        #expect(transfers.count == 4 && Self.fewestTransfers(nets) == 3)
    }

    @Test(
        "given random nets among 2-6 members, when simplified, then they settle within N − 1 and 2 × brute force − 1",
        arguments: randomSeeds
    )
    func againstBruteForce(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            // Given: small nets half the time, so zero-sum subgroups (where greedy can lose) are common
            let count = Int.random(in: 2...6, using: &generator)
            let limit: Int64 = round.isMultiple(of: 2) ? 6 : 1_000_000
            var nets: [String: Int64] = [:]
            for index in 0..<(count - 1) { nets["m\(index)"] = Int64.random(in: -limit...limit, using: &generator) }
            nets["m\(count - 1)"] = -nets.values.reduce(0, +)
            // When
            let transfers = try DebtSimplifier.transfers(settling: Self.usd(nets))
            // Then
            let nonZero = nets.values.filter { $0 != 0 }.count
            let fewest = Self.fewestTransfers(nets)
            #expect(Self.apply(transfers, to: nets).values.allSatisfy { $0 == 0 })
            #expect(transfers.allSatisfy { $0.amount.isPositive && $0.fromMemberID != $0.toMemberID })
            #expect(transfers.count <= max(nonZero - 1, 0))
            #expect(transfers.count >= fewest)
            #expect(transfers.count <= max(2 * fewest - 1, 0))
        }
    }
}
