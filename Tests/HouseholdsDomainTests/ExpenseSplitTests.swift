import HouseholdsDomain
import QuadKernel
import Testing

@Suite("ExpenseSplit: every kind, to the cent")
struct ExpenseSplitTests {
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }

    static func cents(_ split: ExpenseSplit) -> [Int64] { split.parts.map(\.amount.minorUnits) }

    @Test("given USD 100.00 among three, when split equally, then the first member listed gets the extra cent")
    func equallyHundredByThree() throws {
        let split = try ExpenseSplit.equally(Self.usd(10_000), among: ["ana", "ben", "cy"])
        #expect(Self.cents(split) == [3_334, 3_333, 3_333])
        #expect(split.parts.map(\.memberID) == ["ana", "ben", "cy"])
        #expect(split.parts.allSatisfy { $0.amount.currency == "USD" })
    }

    @Test("given USD 0.01 among three, when split equally, then one cent goes to the first and none to the others")
    func equallyOneCentByThree() throws {
        let split = try ExpenseSplit.equally(Self.usd(1), among: ["ana", "ben", "cy"])
        #expect(Self.cents(split) == [1, 0, 0])
    }

    @Test("given USD 0.05 among three listed in another order, when split equally, then the order listed decides")
    func equallyOrderDecides() throws {
        let split = try ExpenseSplit.equally(Self.usd(5), among: ["cy", "ana", "ben"])
        #expect(split.parts.map(\.memberID) == ["cy", "ana", "ben"])
        #expect(Self.cents(split) == [2, 2, 1])
    }

    @Test("given exact amounts summing to the amount, when split, then each member owes exactly theirs")
    func exactAmounts() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(10_000),
            method: .exactAmounts,
            shares: [
                .init(memberID: "ana", value: 5_001), .init(memberID: "ben", value: 0),
                .init(memberID: "cy", value: 4_999),
            ],
            currency: "USD"
        )
        #expect(Self.cents(split) == [5_001, 0, 4_999])
    }

    @Test("given 33.33% / 33.33% / 33.34% of USD 100.00, when split, then the parts follow the percentages")
    func percentagesHundred() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(10_000),
            method: .percentages,
            shares: [
                .init(memberID: "ana", value: 3_333), .init(memberID: "ben", value: 3_333),
                .init(memberID: "cy", value: 3_334),
            ],
            currency: "USD"
        )
        #expect(Self.cents(split) == [3_333, 3_333, 3_334])
    }

    @Test("given 33.33% / 33.33% / 33.34% of USD 0.01, when split, then the cent goes to the largest remainder (cy)")
    func percentagesOneCent() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(1),
            method: .percentages,
            shares: [
                .init(memberID: "ana", value: 3_333), .init(memberID: "ben", value: 3_333),
                .init(memberID: "cy", value: 3_334),
            ],
            currency: "USD"
        )
        #expect(Self.cents(split) == [0, 0, 1])
    }

    @Test("given 12.5% / 87.5% of USD 0.99, when split, then 12.375 and 86.625 round to 12 and 87 by remainder")
    func percentagesRemainders() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(99),
            method: .percentages,
            shares: [.init(memberID: "ana", value: 1_250), .init(memberID: "ben", value: 8_750)],
            currency: "USD"
        )
        #expect(Self.cents(split) == [12, 87])
    }

    @Test("given weights 1, 1, 1 of USD 100.00, when split by shares, then it is the equal split")
    func sharesEqualWeights() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(10_000),
            method: .shares,
            shares: ["ana", "ben", "cy"].map { .init(memberID: $0, value: 1) },
            currency: "USD"
        )
        #expect(Self.cents(split) == [3_334, 3_333, 3_333])
    }

    @Test("given weights 2, 1, 0 of USD 0.01, when split by shares, then the cent goes to the heaviest and never to 0")
    func sharesOneCent() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(1),
            method: .shares,
            shares: [
                .init(memberID: "ana", value: 0), .init(memberID: "ben", value: 1), .init(memberID: "cy", value: 2),
            ],
            currency: "USD"
        )
        #expect(Self.cents(split) == [0, 0, 1])
    }

    @Test(
        "given weights 3, 2, 2 of USD 10.00, when split by shares, then the larger remainders (2.857..) get the cents"
    )
    func sharesUneven() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(1_000),
            method: .shares,
            shares: [
                .init(memberID: "ana", value: 3), .init(memberID: "ben", value: 2), .init(memberID: "cy", value: 2),
            ],
            currency: "USD"
        )
        // 428.57, 285.71, 285.71: the floors sum to 998, and the two largest remainders (.71, .71) get a cent each.
        #expect(Self.cents(split) == [428, 286, 286])
    }

    @Test("given JPY 100 among three, when split equally, then yen (no minor unit) split the same way")
    func zeroDecimalCurrency() throws {
        let split = try ExpenseSplit.equally(Money(minorUnits: 100, currency: "JPY"), among: ["ana", "ben", "cy"])
        #expect(Self.cents(split) == [34, 33, 33])
    }

    @Test("given the largest amount and weights near the limit, when split, then nothing overflows and it sums")
    func hugeAmounts() throws {
        let split = try ExpenseSplit(
            amount: Self.usd(.max),
            method: .shares,
            shares: [
                .init(memberID: "ana", value: 999_999), .init(memberID: "ben", value: 1_000_000),
                .init(memberID: "cy", value: 7),
            ],
            currency: "USD"
        )
        #expect(split.parts.reduce(Int64(0)) { $0 &+ $1.amount.minorUnits } == .max)
    }
}
