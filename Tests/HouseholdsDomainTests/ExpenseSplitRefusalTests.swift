import HouseholdsDomain
import QuadKernel
import Testing

@Suite("ExpenseSplit: refusals name the field")
struct ExpenseSplitRefusalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var amount: Money
        var method: SplitMethod
        var shares: [SplitShare]
        var field: String
        var testDescription: String { "\(name) → \(field)" }
    }

    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }
    static func three(_ values: Int64...) -> [SplitShare] {
        zip(["ana", "ben", "cy"], values).map { SplitShare(memberID: $0, value: $1) }
    }

    static let cases: [Case] = [
        Case(name: "zero amount", amount: usd(0), method: .equally, shares: three(0, 0, 0), field: "amount"),
        Case(name: "negative amount", amount: usd(-5), method: .equally, shares: three(0, 0, 0), field: "amount"),
        Case(
            name: "another currency",
            amount: Money(minorUnits: 100, currency: "EUR"),
            method: .equally,
            shares: three(0, 0, 0),
            field: "amount.currency"
        ),
        Case(name: "no members", amount: usd(100), method: .equally, shares: [], field: "shares"),
        Case(
            name: "51 members",
            amount: usd(100),
            method: .equally,
            shares: (0...50).map { SplitShare(memberID: "m\($0)") },
            field: "shares"
        ),
        Case(
            name: "a member twice",
            amount: usd(100),
            method: .equally,
            shares: [.init(memberID: "ana"), .init(memberID: "ben"), .init(memberID: "ana")],
            field: "shares[2].member_id"
        ),
        Case(
            name: "an unnamed member",
            amount: usd(100),
            method: .equally,
            shares: [.init(memberID: "ana"), .init(memberID: "")],
            field: "shares[1].member_id"
        ),
        Case(
            name: "exact amounts short",
            amount: usd(100),
            method: .exactAmounts,
            shares: three(33, 33, 33),
            field: "shares"
        ),
        Case(
            name: "exact amounts over",
            amount: usd(100),
            method: .exactAmounts,
            shares: three(50, 50, 1),
            field: "shares"
        ),
        Case(
            name: "a negative exact amount",
            amount: usd(100),
            method: .exactAmounts,
            shares: three(60, 60, -20),
            field: "shares[2].amount"
        ),
        Case(
            name: "an exact amount over the whole",
            amount: usd(100),
            method: .exactAmounts,
            shares: three(0, 101, -1),
            field: "shares[1].amount"
        ),
        Case(
            name: "percentages short",
            amount: usd(100),
            method: .percentages,
            shares: three(3_333, 3_333, 3_333),
            field: "shares"
        ),
        Case(
            name: "a percentage over 100%",
            amount: usd(100),
            method: .percentages,
            shares: three(0, 10_001, -1),
            field: "shares[1].percent"
        ),
        Case(
            name: "a negative percentage",
            amount: usd(100),
            method: .percentages,
            shares: three(5_000, 5_100, -100),
            field: "shares[2].percent"
        ),
        Case(name: "zero total shares", amount: usd(100), method: .shares, shares: three(0, 0, 0), field: "shares"),
        Case(
            name: "a negative share",
            amount: usd(100),
            method: .shares,
            shares: three(2, -1, 1),
            field: "shares[1].weight"
        ),
        Case(
            name: "a share over the limit",
            amount: usd(100),
            method: .shares,
            shares: three(1_000_001, 1, 1),
            field: "shares[0].weight"
        ),
    ]

    @Test("given an invalid request, when split, then INVALID_ARGUMENT names the field", arguments: cases)
    func refuses(_ request: Case) {
        // When
        let error = #expect(throws: HouseholdsError.self) {
            try ExpenseSplit(amount: request.amount, method: request.method, shares: request.shares, currency: "USD")
        }
        // Then
        #expect(error?.code == .invalidArgument)
        #expect(error?.field == request.field)
        #expect(error?.message.hasPrefix("\(request.field): ") == true)
    }

    @Test("given exactly 50 members, when split equally, then it is accepted")
    func fiftyMembers() throws {
        let split = try ExpenseSplit.equally(Self.usd(1_000), among: (0..<50).map { "m\($0)" })
        #expect(split.parts.count == 50)
    }
}
