import GRDB
import HouseholdsDomain

/// H11: the running balances, changed in the transaction of each expense added, edited or deleted and each settlement
/// completed, so a read never replays the expenses. `member_balance` holds each member's net and `pair_balance` each
/// pair's `owed` (positive: the first, smaller id, owes the second); HouseholdsDomain's ``Balances`` and
/// ``PairDebts`` compute the changes.
enum BalanceStore {
    /// What an expense or a settlement does to the balances.
    enum Change {
        case apply(Expense)
        case revert(Expense)
        case settle(Settlement)
    }

    /// Applies `changes` to `household`'s balances in `currency`, or refuses (an overflow) changing nothing.
    static func apply(_ changes: [Change], to household: String, currency: String, _ db: Database) throws {
        var balances = Balances(currency: currency, netMinorUnits: try nets(of: household, db))
        let before = balances.netMinorUnits
        var pairs: [PairDebts.Pair: Int64] = [:]
        for change in changes {
            switch change {
            case .apply(let expense):
                try balances.apply(expense)
                pairs.merge(PairDebts.deltas(of: expense), uniquingKeysWith: +)
            case .revert(let expense):
                try balances.revert(expense)
                pairs.merge(PairDebts.deltas(of: expense).mapValues { -$0 }, uniquingKeysWith: +)
            case .settle(let settlement):
                try balances.apply(settlement)
                pairs.merge(PairDebts.deltas(of: settlement), uniquingKeysWith: +)
            }
        }
        let members = Set(before.keys).union(balances.netMinorUnits.keys)
        for member in members.sorted() where before[member, default: 0] != balances.netMinorUnits[member, default: 0] {
            try db.cachedStatement(
                sql: """
                    INSERT INTO member_balance (household_id, user_id, net) VALUES (?, ?, ?)
                    ON CONFLICT (household_id, user_id) DO UPDATE SET net = excluded.net
                    """
            ).execute(arguments: [household, member, balances.netMinorUnits[member, default: 0]])
        }
        for (pair, delta) in pairs.sorted(by: { $0.key < $1.key }) where delta != 0 {
            try db.cachedStatement(
                sql: """
                    INSERT INTO pair_balance (household_id, first_id, second_id, owed) VALUES (?, ?, ?, ?)
                    ON CONFLICT (household_id, first_id, second_id) DO UPDATE SET owed = owed + excluded.owed
                    """
            ).execute(arguments: [household, pair.first, pair.second, delta])
        }
    }

    /// Every member's running net in `household` (zero ones included), by user id.
    static func nets(of household: String, _ db: Database) throws -> [String: Int64] {
        var nets: [String: Int64] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(sql: Statements.nets),
            arguments: [household]
        ) {
            nets[row["user_id"]] = row["net"]
        }
        return nets
    }

    /// Every pair of `household` owing something: (first, second, owed), first < second.
    static func pairs(of household: String, _ db: Database) throws -> [(PairDebts.Pair, Int64)] {
        try Row.fetchAll(db.cachedStatement(sql: Statements.pairs), arguments: [household]).map { row in
            (PairDebts.Pair(row["first_id"], row["second_id"]), row["owed"])
        }
    }

    /// The statements a balances read runs: each searches its own primary key by household, never the expenses
    /// (the query-plan test checks).
    enum Statements {
        static let nets = "SELECT user_id, net FROM member_balance WHERE household_id = ?"
        static let pairs = "SELECT first_id, second_id, owed FROM pair_balance WHERE household_id = ? AND owed != 0"
        static let all = [nets, pairs]
    }
}
