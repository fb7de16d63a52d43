/// What one member owes another, pair by pair: the running amounts behind "each pair's net" when a household does
/// not simplify its debts.
///
/// A pair is keyed with its smaller member ID first; its `owed` is positive when the first owes the second and
/// negative when the second owes the first. An expense makes each member with a part owe the payer that part (the
/// payer's own part is nothing owed); a settlement from A to B lowers what A owes B by its amount. The pairs' amounts
/// of one member, signed from their side, always sum to that member's net in ``Balances``.
public enum PairDebts {
    /// Two members, `first` < `second`.
    public struct Pair: Sendable, Hashable, Comparable {
        public let first: String
        public let second: String

        /// The pair of `a` and `b` in either order (they differ).
        public init(_ a: String, _ b: String) {
            (first, second) = a < b ? (a, b) : (b, a)
        }

        public static func < (lhs: Pair, rhs: Pair) -> Bool {
            (lhs.first, lhs.second) < (rhs.first, rhs.second)
        }
    }

    /// The change `expense` makes to each pair's `owed`, in minor units (pairs it leaves alone are absent).
    public static func deltas(of expense: Expense) -> [Pair: Int64] {
        var deltas: [Pair: Int64] = [:]
        for part in expense.split.parts where part.memberID != expense.payerID && !part.amount.isZero {
            owe(part.memberID, expense.payerID, part.amount.minorUnits, into: &deltas)
        }
        return deltas
    }

    /// The change `settlement` makes: its payer owes its payee less by its amount.
    public static func deltas(of settlement: Settlement) -> [Pair: Int64] {
        var deltas: [Pair: Int64] = [:]
        owe(settlement.toMemberID, settlement.fromMemberID, settlement.amount.minorUnits, into: &deltas)
        return deltas
    }

    /// `debtor` owes `creditor` `units` more.
    private static func owe(_ debtor: String, _ creditor: String, _ units: Int64, into deltas: inout [Pair: Int64]) {
        let pair = Pair(debtor, creditor)
        deltas[pair, default: 0] += debtor == pair.first ? units : -units
    }
}
