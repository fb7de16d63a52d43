import GRDB

/// **captured-once**: every laundry job, errand and ride seat jobs records as completed has a hold in payments
/// whose intent was captured by exactly one capture posting, and no intent was captured for a job jobs does not
/// record as completed; every settle-up households records as paid in the app (`in_app`, `completed`) is exactly one
/// card transfer in payments, of its amount, with exactly one charge posting, and no such transfer is for a
/// settle-up households does not record as paid.
public enum CapturedOnce {
    public static let name = "captured-once"

    /// jobs' completed records, `(id, what)`.
    static let completedSQL = """
        SELECT id, 'laundry job' FROM laundry_job WHERE status = 'completed'
        UNION ALL SELECT id, 'errand' FROM errand WHERE status = 'completed'
        UNION ALL SELECT id, 'ride seat' FROM ride_seat WHERE status = 'completed'
        """
    /// payments' holds with their intent and its capture postings, `(job, status, captures)`.
    static let holdsSQL = """
        SELECT h.job_id, i.status,
            (SELECT COUNT(*) FROM posting p WHERE p.kind = 'capture' AND p.reference = i.id) AS captures
        FROM job_hold h JOIN payment_intent i ON i.id = h.payment_intent_id
        """
    /// households' settle-ups paid in the app, `(id, amount)`.
    static let settlementsSQL = "SELECT id, amount FROM settlement WHERE method = 'in_app' AND state = 'completed'"
    /// payments' transfers for settle-ups with their charge postings, `(settlement, transfer, amount, charges)`.
    static let transfersSQL = """
        SELECT t.settlement_id, t.id, t.amount_minor,
            (SELECT COUNT(*) FROM posting p WHERE p.kind = 'charge' AND p.reference = t.id) AS charges
        FROM transfer t WHERE t.settlement_id <> ''
        """

    /// Checks jobs' and households' completed records against payments' captures and transfers.
    public static func check(_ databases: ServiceDatabases) throws -> InvariantResult {
        var result = InvariantResult(name: name)
        guard databases["payments"] != nil else {
            result.notes.append("no payments database")
            return result
        }
        let holds = try databases.read("payments") { try Row.fetchAll($0, sql: holdsSQL) } ?? []
        var byJob: [String: (status: String, captures: Int)] = [:]
        for row in holds { byJob[row[0]] = (row[1], row[2]) }
        if let completed = try databases.read("jobs", { try Row.fetchAll($0, sql: completedSQL) }) {
            var completedIDs: Set<String> = []
            for row in completed {
                let (id, what): (String, String) = (row[0], row[1])
                completedIDs.insert(id)
                result.checked += 1
                guard let hold = byJob[id] else {
                    result.violations.append("\(what) \(id) completed without a hold in payments")
                    continue
                }
                if hold.status != "captured" || hold.captures != 1 {
                    result.violations.append(
                        "\(what) \(id) completed, its intent \(hold.status) with \(hold.captures) capture postings"
                    )
                }
            }
            for (job, hold) in byJob.sorted(by: { $0.key < $1.key })
            where hold.captures > 0 && !completedIDs.contains(job) {
                result.violations.append("job \(job) captured \(hold.captures) times but not completed in jobs")
            }
        } else {
            result.notes.append("no jobs database")
        }
        if let settlements = try databases.read("households", { try Row.fetchAll($0, sql: settlementsSQL) }) {
            let transfers = try databases.read("payments") { try Row.fetchAll($0, sql: transfersSQL) } ?? []
            var bySettlement: [String: [(transfer: String, amount: Int64, charges: Int)]] = [:]
            for row in transfers { bySettlement[row[0], default: []].append((row[1], row[2], row[3])) }
            var paid: Set<String> = []
            for row in settlements {
                let (id, amount): (String, Int64) = (row[0], row[1])
                paid.insert(id)
                result.checked += 1
                let found = bySettlement[id] ?? []
                guard found.count == 1, let transfer = found.first else {
                    result.violations.append("settle-up \(id) paid in the app has \(found.count) transfers in payments")
                    continue
                }
                if transfer.charges != 1 || transfer.amount != amount {
                    result.violations.append(
                        "settle-up \(id) of \(amount): transfer \(transfer.transfer) of \(transfer.amount) with "
                            + "\(transfer.charges) charge postings"
                    )
                }
            }
            for (settlement, found) in bySettlement.sorted(by: { $0.key < $1.key }) where !paid.contains(settlement) {
                result.violations.append(
                    "transfer \(found[0].transfer) pays settle-up \(settlement), not paid in the app in households"
                )
            }
        } else {
            result.notes.append("no households database")
        }
        return result
    }
}
