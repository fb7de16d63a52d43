public import QuadKernel

/// Each member's net in one household: positive when the others owe them, negative when they owe.
///
/// The nets always sum to zero: an expense adds its amount to the payer and takes each part from its member, and a
/// settlement adds to the payer and takes from the payee. Applying one is O(members), so a store keeps running nets
/// (and reverts an expense that is deleted or edited) instead of replaying every expense on each read.
public struct Balances: Sendable, Hashable {
    /// The household's currency; every expense and settlement applied is in it.
    public let currency: String
    /// Each member's net in minor units; members never touched are absent (their net is 0).
    public private(set) var netMinorUnits: [String: Int64] = [:]

    /// No expenses yet, in `currency`.
    public init(currency: String) {
        self.currency = currency
    }

    /// Nets kept elsewhere (a store's running rows), in `currency`'s minor units, to apply the next change to.
    public init(currency: String, netMinorUnits: [String: Int64]) {
        self.currency = currency
        self.netMinorUnits = netMinorUnits.filter { $0.value != 0 }
    }

    /// `memberID`'s net: positive when owed, negative when owing.
    public func net(of memberID: String) -> Money {
        Money(minorUnits: netMinorUnits[memberID, default: 0], currency: currency)
    }

    /// Every member's net as money.
    public var nets: [String: Money] {
        netMinorUnits.mapValues { Money(minorUnits: $0, currency: currency) }
    }

    /// Adds `expense`; refuses one in another currency or one that would overflow a net, changing nothing.
    public mutating func apply(_ expense: Expense) throws(HouseholdsError) {
        try change(by: Self.deltas(of: expense), currency: expense.split.amount.currency)
    }

    /// Takes `expense` back out, as when it is deleted (or before its edited version is applied).
    public mutating func revert(_ expense: Expense) throws(HouseholdsError) {
        try change(by: Self.deltas(of: expense).map { ($0.0, -$0.1) }, currency: expense.split.amount.currency)
    }

    /// Adds `settlement`; refuses one in another currency or one that would overflow a net, changing nothing.
    public mutating func apply(_ settlement: Settlement) throws(HouseholdsError) {
        try change(by: Self.deltas(of: settlement), currency: settlement.amount.currency)
    }

    /// Takes `settlement` back out, as when it is deleted.
    public mutating func revert(_ settlement: Settlement) throws(HouseholdsError) {
        try change(by: Self.deltas(of: settlement).map { ($0.0, -$0.1) }, currency: settlement.amount.currency)
    }

    private static func deltas(of expense: Expense) -> [(String, Int64)] {
        [(expense.payerID, expense.split.amount.minorUnits)]
            + expense.split.parts.map { ($0.memberID, -$0.amount.minorUnits) }
    }

    private static func deltas(of settlement: Settlement) -> [(String, Int64)] {
        [
            (settlement.fromMemberID, settlement.amount.minorUnits),
            (settlement.toMemberID, -settlement.amount.minorUnits),
        ]
    }

    /// Applies every delta or, on a refusal, none: the new nets are computed aside first.
    private mutating func change(by deltas: [(String, Int64)], currency: String) throws(HouseholdsError) {
        guard currency == self.currency else {
            throw HouseholdsError(
                code: .invalidArgument,
                message: "amount.currency: the household keeps its accounts in \(self.currency), not \(currency)",
                field: "amount.currency"
            )
        }
        var updated: [String: Int64] = [:]
        for (memberID, delta) in deltas {
            let current = updated[memberID] ?? netMinorUnits[memberID, default: 0]
            let (sum, overflow) = current.addingReportingOverflow(delta)
            guard !overflow else {
                throw HouseholdsError(
                    code: .failedPrecondition,
                    message: "\(memberID)'s balance would overflow; settle up before recording more",
                    field: nil
                )
            }
            updated[memberID] = sum
        }
        netMinorUnits.merge(updated) { _, new in new }
    }
}
