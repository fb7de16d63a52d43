import HouseholdsDomain
import QuadKernel
import QuadTestSupport
import Testing

@Suite("ExpenseSplit: random amounts and members")
struct ExpenseSplitPropertyTests {
    @Test(
        "given random amounts, methods and 1-50 members, when split, then the parts sum exactly to the amount",
        arguments: randomSeeds
    )
    func partsSumToAmount(seed: UInt64) throws {
        var random = RandomSplits(seed: seed)
        for _ in 0..<2_000 {
            // Given
            let memberIDs = (0..<random.int(1...ExpenseSplit.maximumMembers)).map { "m\($0)" }
            // When
            let split = try random.split(among: memberIDs)
            // Then
            #expect(split.parts.reduce(Int64(0)) { $0 &+ $1.amount.minorUnits } == split.amount.minorUnits)
            #expect(split.parts.allSatisfy { !$0.amount.isNegative && $0.amount.currency == split.amount.currency })
            #expect(split.parts.map(\.memberID) == memberIDs)
        }
    }

    @Test(
        "given random weights, when split by shares, then each part is within one minor unit of its exact share",
        arguments: randomSeeds
    )
    func partsWithinOneUnit(seed: UInt64) throws {
        var random = RandomSplits(seed: seed)
        for _ in 0..<2_000 {
            // Given
            let amount = random.int64(1...10_000_000)
            let weights = (0..<random.int(1...12)).map { _ in random.int64(0...1_000) }
            guard weights.contains(where: { $0 > 0 }) else { continue }
            let shares = weights.enumerated().map { SplitShare(memberID: "m\($0.offset)", value: $0.element) }
            // When
            let split = try ExpenseSplit(
                amount: Money(minorUnits: amount, currency: "USD"),
                method: .shares,
                shares: shares,
                currency: "USD"
            )
            // Then: part × total weight is within total weight of amount × weight, and a weight of 0 gets nothing
            let totalWeight = weights.reduce(0, +)
            for (part, weight) in zip(split.parts, weights) {
                let gap = part.amount.minorUnits * totalWeight - amount * weight
                #expect(gap > -totalWeight && gap < totalWeight)
                if weight == 0 { #expect(part.amount.isZero) }
            }
        }
    }

    @Test("given the same request twice, when split, then the parts are the same", arguments: randomSeeds)
    func deterministic(seed: UInt64) throws {
        var first = RandomSplits(seed: seed)
        var second = RandomSplits(seed: seed)
        for _ in 0..<200 {
            #expect(try first.split(among: ["a", "b", "c", "d"]) == second.split(among: ["a", "b", "c", "d"]))
        }
    }
}
