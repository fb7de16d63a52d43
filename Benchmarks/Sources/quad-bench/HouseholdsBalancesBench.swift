import Foundation
import GRDB
import QuadContracts
import QuadWire

/// Issue 15 item 8, balances (H11): GetBalances of a household with 10,000 expenses against recomputing them.
///
///   quad-bench households-expenses --endpoints FILE [--household 1] [--expenses 10000] [--in-flight 16]
///   quad-bench households-balances --endpoints FILE [--household 1]
///                                  [--target gateway|direct|recompute|recompute-sql] [--rate 200] [--warmup 3] [--duration 30] [--label L]
///
/// `households-expenses` adds expenses to seeded household `--household` (`quad seed --households N --housemates 5`)
/// through the gateway until it has `--expenses` (GetBalances' expense_count): each paid by the next member in turn,
/// 1.00 to 200.00, split equally, by exact amounts, by percentages or by shares in turn over all members.
///
/// `households-balances` reads the household's balances at a fixed rate, open loop, latency from each call's intended
/// instant: `gateway` is GetBalances as the app calls it (each member in turn with their token), `direct` the same
/// straight to quad-households (the gateway's certificate and caller header), and `recompute` the baseline a store
/// without running balances would do on each read: every expense row of the household read from quad-households'
/// database (read-only, WAL, two readers) and its parts (JSON) decoded and summed into the nets as Balances.apply
/// does, in this process, without any RPC; `recompute-sql` has SQLite sum them (`json_each` over the parts). Before
/// the clock starts both recomputed nets are checked against GetBalances' (a difference fails the run).
enum HouseholdsBalancesBench {
    struct SeedResult: Encodable {
        var impl = "households-expenses"
        var household: Int
        var expenses: Int
        var added: Int
        var seconds: Double
        var expensesPerSecond: Double
        var inFlight: Int
        var add: ErrandsBench.Summary
        var load: String
    }

    struct Result: Encodable {
        var impl: String
        var target: String
        var household: Int
        var expenses: Int
        var ratePerSecond: Double
        var warmupSeconds: Double
        var durationSeconds: Double
        var latency: ErrandsBench.Summary
        /// For `recompute` and `recompute-sql`: the time of the recomputation alone, per call (from when it has a
        /// connection: no queueing), of every call made, the warm-up's included.
        var recomputeService: ErrandsBench.Summary?
        var cpuMicrosPerCall: [String: Double]
        var load: String
    }

    static func seed(_ arguments: Arguments) async throws {
        let system = try HouseholdsBench.System(arguments, label: "households-expenses")
        let number = try arguments.int("household", default: 1)
        let household = try system.household(number)
        let wanted = try arguments.int("expenses", default: 10_000)
        let inFlight = try arguments.int("in-flight", default: 16)
        let gateway = try system.gateway(connections: 4)
        defer { gateway.close() }
        let expenses = Quad_Households_V1_Expenses.Client(transport: gateway)
        let host = household.members[0]
        let before = try await expenses.getBalances(
            .with { $0.householdID = household.householdID },
            options: system.bearer(host)
        ).expenseCount
        let missing = max(0, wanted - Int(before))
        let tally = ErrandsBench.Locked(ErrandsBench.Tally())
        let start = monotonicNanos()
        let members = household.members
        try await ErrandsBench.forEach(missing, inFlight: inFlight) { index in
            let number = Int(before) + index
            let payer = members[number % members.count]
            let request = expense(number, in: household.householdID, among: members.map(\.userID))
            let began = monotonicNanos()
            do {
                _ = try await expenses.addExpense(request, options: system.bearer(payer))
                tally.withLock { $0.nanos.append(monotonicNanos() - began) }
            } catch {
                tally.withLock { $0.error(error) }
                throw error
            }
        }
        let seconds = Double(monotonicNanos() - start) / 1e9
        let after = try await expenses.getBalances(
            .with { $0.householdID = household.householdID },
            options: system.bearer(host)
        ).expenseCount
        try ErrandsBench.printJSON(
            SeedResult(
                household: number,
                expenses: Int(after),
                added: missing,
                seconds: seconds,
                expensesPerSecond: Double(missing) / max(seconds, 1e-9),
                inFlight: inFlight,
                add: tally.withLock { $0.summary },
                load: ErrandsBench.loadAverage
            )
        )
    }

    /// The `number`-th expense: 1.00 to 200.00 (rarely a multiple of the member count), the split kind in turn.
    static func expense(_ number: Int, in household: String, among members: [String])
        -> Quad_Households_V1_AddExpenseRequest
    {
        var random = ErrandsBench.Random(seed: UInt64(number) &* 0x9E37_79B9 &+ 15)
        let amount = Int64(100 + random.below(19_901))
        let method: Quad_Households_V1_SplitMethod
        var values: [Int64]
        switch number % 4 {
        case 0:
            method = .equal
            values = members.map { _ in 0 }
        case 1:
            method = .exact
            values = members.map { _ in amount / Int64(members.count) }
            values[values.count - 1] += amount - values.reduce(0, +)
        case 2:
            method = .percent
            values = members.map { _ in Int64(10_000 / members.count) }
            values[0] += 10_000 - values.reduce(0, +)
        default:
            method = .shares
            values = members.map { _ in Int64(1 + random.below(3)) }
        }
        return .with {
            $0.householdID = household
            $0.description_p = "Benchmark expense \(number)"
            $0.amount = .with {
                $0.minorUnits = amount
                $0.currency = "USD"
            }
            $0.method = method
            $0.shares = zip(members, values).map { member, value in
                .with {
                    $0.memberID = member
                    $0.value = value
                }
            }
        }
    }

    static func run(_ arguments: Arguments) async throws {
        let system = try HouseholdsBench.System(arguments, label: "households-balances")
        let number = try arguments.int("household", default: 1)
        let household = try system.household(number)
        let target = arguments.optional("target") ?? "gateway"
        guard ["gateway", "direct", "recompute", "recompute-sql"].contains(target) else {
            throw UsageError("--target wants gateway, direct, recompute or recompute-sql, not \(target)")
        }
        let rate = try arguments.double("rate", default: 200)
        let warmup = try arguments.double("warmup", default: 3)
        let duration = try arguments.double("duration", default: 30)
        let gateway = try system.gateway(connections: 4)
        defer { gateway.close() }
        let request = Quad_Households_V1_GetBalancesRequest.with { $0.householdID = household.householdID }
        let members = household.members
        let served = try await Quad_Households_V1_Expenses.Client(transport: gateway).getBalances(
            request,
            options: system.bearer(members[0])
        )
        let pool = try HouseholdsBench.readOnlyPool(try system.databasePath(arguments))
        let servedNets = Dictionary(uniqueKeysWithValues: served.members.map { ($0.memberID, $0.net.minorUnits) })
        for recomputed in [
            try await recompute(household.householdID, pool).nets, try await sum(household.householdID, pool).nets,
        ]
        where recomputed.filter({ $0.value != 0 }) != servedNets.filter({ $0.value != 0 }) {
            throw UsageError("the recomputed nets \(recomputed) differ from GetBalances' \(servedNets)")
        }

        var pids: [String: Int32] = [:]
        if !target.hasPrefix("recompute") { pids["households"] = HouseholdsBench.pid(system, "households") }
        if target == "gateway" { pids["gateway"] = HouseholdsBench.pid(system, "gateway") }
        let service = ErrandsBench.Locked(ErrandsBench.Tally())
        let outcome: (summary: ErrandsBench.Summary, cpuMicrosPerCall: [String: Double])
        switch target {
        case "gateway":
            let client = Quad_Households_V1_Expenses.Client(transport: gateway)
            let options = members.map { system.bearer($0, timeout: .seconds(5)) }
            outcome = await HouseholdsBench.openLoop(rate: rate, warmup: warmup, duration: duration, pids: pids) { i in
                _ = try await client.getBalances(request, options: options[i % options.count])
            }
        case "direct":
            let direct = try system.direct(connections: 4)
            defer { direct.close() }
            let client = Quad_Households_V1_Expenses.Client(transport: direct)
            let options = members.map { system.caller($0, timeout: .seconds(5)) }
            outcome = await HouseholdsBench.openLoop(rate: rate, warmup: warmup, duration: duration, pids: pids) { i in
                _ = try await client.getBalances(request, options: options[i % options.count])
            }
        default:
            let id = household.householdID
            let bySQL = target == "recompute-sql"
            outcome = await HouseholdsBench.openLoop(rate: rate, warmup: warmup, duration: duration, pids: pids) { _ in
                let recomputed = bySQL ? try await sum(id, pool) : try await recompute(id, pool)
                guard recomputed.nets.count >= 2 else { throw UsageError("recomputed \(recomputed.nets.count) nets") }
                service.withLock { $0.nanos.append(recomputed.nanos) }
            }
        }
        try ErrandsBench.printJSON(
            Result(
                impl: arguments.optional("label") ?? "balances-\(target)",
                target: target,
                household: number,
                expenses: Int(served.expenseCount),
                ratePerSecond: rate,
                warmupSeconds: warmup,
                durationSeconds: duration,
                latency: outcome.summary,
                recomputeService: target.hasPrefix("recompute") ? service.withLock { $0.summary } : nil,
                cpuMicrosPerCall: outcome.cpuMicrosPerCall,
                load: ErrandsBench.loadAverage
            )
        )
    }

    /// Recomputed nets, and how long the recomputation took once it had a connection.
    struct Recomputed: Sendable {
        var nets: [String: Int64]
        var nanos: UInt64
    }

    /// The same nets summed by SQLite: the payers' amounts, less every part of the parts columns (`json_each`).
    static func sum(_ household: String, _ pool: DatabasePool) async throws -> Recomputed {
        try await pool.read { db in
            let began = monotonicNanos()
            var nets: [String: Int64] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT paid_by AS member, SUM(amount) AS net FROM expense
                    WHERE household_id = ? AND deleted_at IS NULL GROUP BY paid_by
                    UNION ALL
                    SELECT json_extract(part.value, '$.member_id'), -SUM(json_extract(part.value, '$.value'))
                    FROM expense, json_each(expense.parts) AS part
                    WHERE expense.household_id = ? AND expense.deleted_at IS NULL GROUP BY 1
                    """,
                arguments: [household, household]
            )
            while let row = try rows.next() {
                let member: String = row["member"]
                let net: Int64 = row["net"]
                nets[member, default: 0] += net
            }
            return Recomputed(nets: nets, nanos: monotonicNanos() - began)
        }
    }

    /// One part of an expense's `parts` column: `{"member_id": "...", "value": 1250}`.
    struct StoredPart: Decodable {
        var member_id: String
        var value: Int64
    }

    /// Every member's net recomputed from all of `household`'s expenses that are not deleted (and its completed
    /// settlements): the payer gets the amount and each part's member gives theirs, as HouseholdsDomain's
    /// Balances.apply does.
    static func recompute(_ household: String, _ pool: DatabasePool) async throws -> Recomputed {
        try await pool.read { db in
            let began = monotonicNanos()
            var nets: [String: Int64] = [:]
            let decoder = JSONDecoder()
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT paid_by, amount, parts FROM expense WHERE household_id = ? AND deleted_at IS NULL",
                arguments: [household]
            )
            while let row = try rows.next() {
                let payer: String = row["paid_by"]
                let amount: Int64 = row["amount"]
                let parts: String = row["parts"]
                nets[payer, default: 0] += amount
                for part in try decoder.decode([StoredPart].self, from: Data(parts.utf8)) {
                    nets[part.member_id, default: 0] -= part.value
                }
            }
            return Recomputed(nets: nets, nanos: monotonicNanos() - began)
        }
    }
}
