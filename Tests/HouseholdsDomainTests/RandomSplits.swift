import HouseholdsDomain
import QuadKernel
import QuadTestSupport

/// Random valid split requests for the property tests, from a seeded generator so every run repeats.
struct RandomSplits {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func int64(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &generator) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// An amount that is often tiny (a few cents, so rounding matters), sometimes ordinary, sometimes enormous.
    mutating func amount() -> Int64 {
        switch int(0...3) {
        case 0: int64(1...10)
        case 1: int64(1...100_000)
        case 2: int64(1...1_000_000_000)
        default: int64(1...Int64.max)
        }
    }

    /// `total` cut into `count` non-negative pieces summing to it.
    mutating func pieces(of total: Int64, count: Int) -> [Int64] {
        let cuts = (0..<(count - 1)).map { _ in int64(0...total) }.sorted()
        return zip(cuts + [total], [0] + cuts).map { $0 - $1 }
    }

    /// A valid split of a random amount among `memberIDs` by a random method.
    mutating func split(among memberIDs: [String], currency: String = "USD") throws -> ExpenseSplit {
        let amount = Money(minorUnits: amount(), currency: currency)
        let method = SplitMethod.allCases[int(0...3)]
        let values: [Int64] =
            switch method {
            case .equally: memberIDs.map { _ in 0 }
            case .exactAmounts: pieces(of: amount.minorUnits, count: memberIDs.count)
            case .percentages: pieces(of: ExpenseSplit.wholeInBasisPoints, count: memberIDs.count)
            case .shares: memberIDs.map { _ in int64(0...ExpenseSplit.maximumWeight) }
            }
        var shares = zip(memberIDs, values).map { SplitShare(memberID: $0, value: $1) }
        if method == .shares, shares.allSatisfy({ $0.value == 0 }) { shares[0].value = 1 }
        return try ExpenseSplit(amount: amount, method: method, shares: shares, currency: currency)
    }

    /// A random non-empty subset of `memberIDs`, in a random order.
    mutating func members(of memberIDs: [String]) -> [String] {
        Array(memberIDs.shuffled(using: &generator).prefix(int(1...memberIDs.count)))
    }
}
