import GRDB
import QuadLoadCore

/// **writes-exist**: every write the call log says was acknowledged (``WriteRecord``) is in its owner's database,
/// with what the answer said: its owner (and parent), its amount or size, and, for a finishing call, its end state.
public enum WritesExist {
    public static let name = "writes-exist"

    /// Where one kind of write lives and which of its columns must equal what the answer said.
    struct Lookup {
        /// The service whose database holds it.
        var service: String
        /// One row by id: the columns `owner`, `parent`, `amount`, `currency`, `state` (each may be NULL when the
        /// kind has no such thing).
        var sql: String
        /// The state a finishing call's `completed` must be in the row.
        var completed: String?
    }

    /// Each kind's lookup, the SQL beside it.
    static let lookups: [WriteRecord.Kind: Lookup] = [
        .laundryJob: Lookup(
            service: "jobs",
            sql: "SELECT customer_id AS owner, NULL AS parent, NULL AS amount, NULL AS currency, status AS state "
                + "FROM laundry_job WHERE id = ?",
            completed: "completed"
        ),
        .errand: Lookup(
            service: "jobs",
            sql: "SELECT requester_id AS owner, NULL AS parent, hold_minor AS amount, currency, status AS state "
                + "FROM errand WHERE id = ?",
            completed: "completed"
        ),
        .rideOffer: Lookup(
            service: "jobs",
            sql: "SELECT offerer_id AS owner, NULL AS parent, NULL AS amount, NULL AS currency, status AS state "
                + "FROM ride_offer WHERE id = ?"
        ),
        .rideSeat: Lookup(
            service: "jobs",
            sql: "SELECT rider_id AS owner, offer_id AS parent, NULL AS amount, NULL AS currency, status AS state "
                + "FROM ride_seat WHERE id = ?",
            completed: "completed"
        ),
        .freightLoad: Lookup(
            service: "fleet-documents",
            sql: "SELECT NULL AS owner, organisation_id AS parent, NULL AS amount, NULL AS currency, status AS state "
                + "FROM freight_load WHERE id = ?",
            completed: "completed"
        ),
        .document: Lookup(
            service: "fleet-documents",
            sql: "SELECT uploaded_by AS owner, owner_id AS parent, size AS amount, NULL AS currency, NULL AS state "
                + "FROM document WHERE id = ?"
        ),
        .expense: Lookup(
            service: "households",
            sql: "SELECT created_by AS owner, household_id AS parent, amount, currency, "
                + "CASE WHEN deleted_at IS NULL THEN 'created' ELSE 'deleted' END AS state FROM expense WHERE id = ?"
        ),
        .choreDone: Lookup(
            service: "households",
            sql: "SELECT done_by AS owner, household_id AS parent, NULL AS amount, NULL AS currency, "
                + "CASE WHEN done_at IS NULL THEN 'not done' ELSE 'done' END AS state "
                + "FROM chore_occurrence WHERE id = ?"
        ),
        .settlement: Lookup(
            service: "households",
            sql:
                "SELECT from_id AS owner, household_id AS parent, amount, currency, state FROM settlement WHERE id = ?",
            completed: "completed"
        ),
    ]

    /// The hold payments placed for a job, errand or seat: its amount is what a laundry job's answer estimated.
    static let holdSQL = "SELECT estimate_total_minor, currency FROM job_hold WHERE job_id = ?"

    /// Checks every write of `log` against `databases`.
    public static func check(_ log: CallLogContents, _ databases: ServiceDatabases) throws -> InvariantResult {
        var result = InvariantResult(name: name)
        var missingServices: Set<String> = []
        for write in log.writes {
            guard let lookup = lookups[write.kind] else { continue }
            guard databases[lookup.service] != nil else {
                missingServices.insert(lookup.service)
                continue
            }
            result.checked += 1
            let what = "\(write.kind.rawValue) \(write.id) (\(write.method))"
            guard
                let row = try databases.read(
                    lookup.service,
                    { try Row.fetchOne($0, sql: lookup.sql, arguments: [write.id]) }
                )
                    ?? nil
            else {
                result.violations.append("\(what) acknowledged but not in \(lookup.service)'s database")
                continue
            }
            result.violations += differences(write, row, lookup: lookup).map { "\(what): \($0)" }
            if write.kind == .laundryJob, let amount = write.amountMinor,
                let hold = try databases.read("payments", { try Row.fetchOne($0, sql: holdSQL, arguments: [write.id]) })
                    ?? nil, (hold[0] as Int64) != amount
            {
                result.violations.append(
                    "\(what): answered an estimate of \(amount), payments holds \(hold[0] as Int64)"
                )
            }
        }
        if !missingServices.isEmpty {
            result.notes.append("no database of \(missingServices.sorted().joined(separator: ", "))")
        }
        return result
    }

    /// How `row` differs from what `write`'s answer said.
    static func differences(_ write: WriteRecord, _ row: Row, lookup: Lookup) -> [String] {
        var differences: [String] = []
        let owner: String? = row["owner"]
        if let owner, !write.owner.isEmpty, owner != write.owner {
            differences.append("owner is \(owner), the answer said \(write.owner)")
        }
        let parent: String? = row["parent"]
        if let parent, let expected = write.parent, parent != expected {
            differences.append("parent is \(parent), the answer said \(expected)")
        }
        let amount: Int64? = row["amount"]
        // A laundry job's estimate is payments' hold (checked apart); a delivered errand's amount is its capture.
        let comparable = write.kind != .laundryJob && (write.kind != .errand || write.state == "created")
        if let amount, let expected = write.amountMinor ?? write.sizeBytes, comparable, amount != expected {
            differences.append("amount is \(amount), the answer said \(expected)")
        }
        let currency: String? = row["currency"]
        if let currency, let expected = write.currency, currency != expected {
            differences.append("currency is \(currency), the answer said \(expected)")
        }
        let state: String? = row["state"]
        if write.state == "completed", let completed = lookup.completed, let state, state != completed {
            differences.append("is \(state), the answer said completed")
        }
        if state == "deleted" { differences.append("was deleted") }
        if write.kind == .choreDone, state == "not done" { differences.append("is not marked done") }
        return differences
    }
}
