import Foundation
import JobsLaundry
import JobsService
import QuadCertificates
import QuadContracts
import QuadServiceKit
import QuadStorage

/// jobs-reads, step 1: one jobs database and the certificates both servers use.
///
///   quad-bench jobs-reads-seed --data-dir D --certs-dir C [--customers 200] [--jobs-per-customer 5] [--dashers 40]
///
/// Writes `D/jobs.sqlite` (what `quad-jobs --data-dir D` opens) through `JobsMigrations` and `JobsStore.save`,
/// the rows the real handlers would have stored, with no outbox messages (nothing for an idle relay to deliver);
/// the dev CA with the jobs and gateway certificates in `C` (`DevCertificateSet`, as `quad-jobs` makes them);
/// and `D/jobs-reads-seed.json`: every job's id and customer, for the load client.
///
/// The jobs are spread over the stages as a dorm's would be, each customer's five at five different stages: a
/// tenth wait for a dasher, most are on their way with 2-10 timeline entries, and a tenth are dropped off,
/// paid and reviewed (the longest timelines: 11 entries).
enum JobsReadsSeed {
    /// What the load client needs of the seed.
    struct Manifest: Codable {
        struct Job: Codable {
            var id: String
            var customer: String
        }

        var customers: [String]
        var jobs: [Job]
    }

    static let dorm = "dorm-maple-hall"
    static let campus = "campus-northfield"

    /// The caller the gateway would forward for `customer` (`x-quad-caller`).
    static func caller(_ customer: String) -> Caller {
        Caller(userID: customer, roles: ["customer"], campusID: campus, dormID: dorm)
    }

    static func manifestPath(dataDirectory: String) -> String { dataDirectory + "/jobs-reads-seed.json" }

    static func run(_ arguments: Arguments) async throws {
        let dataDirectory = try arguments.string("data-dir")
        let certificates = try arguments.string("certs-dir")
        let customers = try arguments.int("customers", default: 200)
        let perCustomer = try arguments.int("jobs-per-customer", default: 5)
        let dashers = try arguments.int("dashers", default: 40)
        guard customers > 0, perCustomer > 0, dashers > 0 else {
            throw UsageError("--customers, --jobs-per-customer and --dashers must be positive")
        }

        _ = try DevCertificateSet.ensure(directory: certificates, services: ["jobs", "gateway"])
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let database = try QuadDatabase(
            configuration: .defaults(path: dataDirectory + "/jobs.sqlite"),
            migrator: JobsMigrations.migrator
        )
        let customerIDs = (0..<customers).map { String(format: "user-cust-%04d", $0) }
        let start = Int64(Date().timeIntervalSince1970 * 1_000_000) - 3 * 86_400_000_000
        var records: [JobRecord] = []
        for index in 0..<(customers * perCustomer) {
            // Customer-major order, so a customer's jobs were submitted at different times.
            let customer = customerIDs[index % customers]
            let dasher = String(format: "user-dash-%03d", index % dashers)
            // Customer c's k-th job stands at stage (c + 3k) mod 10: each customer's five at five different stages.
            let progress = (index % customers + 3 * (index / customers)) % 10
            records.append(
                try record(
                    index: index,
                    progress: progress,
                    customer: customer,
                    dasher: dasher,
                    submittedAt: start + Int64(index) * 60_000_000
                )
            )
        }
        let stored = records
        try await database.write { db in
            for record in stored { try JobsStore.save(record, db) }
        }
        try database.close()

        let manifest = Manifest(
            customers: customerIDs,
            jobs: records.map { Manifest.Job(id: $0.job.id, customer: $0.job.customer) }
        )
        try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: manifestPath(dataDirectory: dataDirectory)))
        let entries = records.reduce(0) { $0 + $1.job.timeline.count }
        FileHandle.standardError.write(
            Data(
                "seeded \(records.count) jobs of \(customers) customers (\(entries) timeline entries) in \(dataDirectory)/jobs.sqlite\n"
                    .utf8
            )
        )
    }

    /// Job `index`, taken through the domain's rules to stage `progress` (reviewed by its customer at 9).
    static func record(index: Int, progress: Int, customer: String, dasher: String, submittedAt: Int64) throws
        -> JobRecord
    {
        let minute: Int64 = 60_000_000
        let loads = 1 + index % 3
        let estimate = quote(loads: loads, final: false)
        let submission = LaundryJobSubmission(
            jobID: String(format: "job-%06d", index),
            customer: customer,
            dorm: dorm,
            estimatedLoads: loads,
            instructions: "Cold wash, no softener; the bag is behind the door",
            pickupAt: submittedAt + 60 * minute,
            dropOffAt: submittedAt + 360 * minute,
            addOns: [.folding],
            preferredDasher: nil,
            estimate: Money(minorUnits: estimate.total.minorUnits, currency: "USD"),
            paymentIntentID: String(format: "pi-job-%06d", index)
        )
        var (job, _) = try LaundryJob.submit(submission, now: submittedAt)
        var finalQuote: Quad_Payments_V1_LaundryQuote?
        if progress >= 1 { _ = try job.assign(dasher: dasher, at: submittedAt + 5 * minute) }
        if progress >= 2 {
            for number in 2...progress {
                let stage = LaundryStage(rawValue: number)!
                var drying: DryingReport?
                if stage == .finishedDrying {
                    let final = quote(loads: loads, final: true)
                    finalQuote = final
                    drying = DryingReport(
                        actualLoads: loads,
                        machineCost: Money(minorUnits: Int64(loads) * 350, currency: "USD"),
                        finalTotal: Money(minorUnits: final.total.minorUnits, currency: "USD")
                    )
                }
                _ = try job.advance(
                    by: dasher,
                    to: stage,
                    at: submittedAt + Int64(number) * 30 * minute,
                    drying: drying
                )
            }
        }
        if progress == 9 {
            _ = try job.review(by: customer, stars: 5, text: "Folded and on time", at: submittedAt + 320 * minute)
        }
        return JobRecord(
            job: job,
            estimateQuote: estimate,
            finalQuote: finalQuote,
            paymentState: progress == 9 ? .paid : .held,
            updatedAt: job.lastChangeAt
        )
    }

    /// Payments' quote for `loads` with folding (machines, service fee, convenience fee, folding).
    static func quote(loads: Int, final: Bool) -> Quad_Payments_V1_LaundryQuote {
        func amount(_ minor: Int64) -> Quad_Types_V1_Amount {
            .with {
                $0.minorUnits = minor; $0.currency = "USD"
            }
        }
        let machines = Int64(loads) * 350
        let lines: [(Quad_Payments_V1_QuoteLineKind, Int64)] = [
            (.machines, machines), (.serviceFee, 600), (.convenienceFee, 200), (.folding, 300),
        ]
        let total = lines.reduce(0) { $0 + $1.1 }
        return .with {
            $0.loads = UInt32(loads)
            $0.addOns = [.folding]
            $0.lines = lines.map { kind, minor in
                .with {
                    $0.kind = kind; $0.amount = amount(minor)
                }
            }
            $0.total = amount(total)
            $0.dasherEarnings = amount(machines + 600 + 300 - 150)
            $0.platformRevenue = amount(200 + 150)
            $0.final = final
        }
    }
}
