import Foundation
import GRDB
import QuadStorage

/// The storage layer alone: `in-flight` concurrent writers, each committing a transaction shaped like a
/// laundry submission at jobs (the job row with its ~1 KB timeline, two outbox messages, one feed event), with
/// `synchronous=FULL`, through group commit (`--batch 256`, the default) or one transaction per request
/// (`--batch 1`). Shows what group commit buys where fsync is what limits, beside the end-to-end submit
/// of `laundry.sh`, where it is not.
///
///   quad-bench storage-writes --dir DIR [--batch 256] [--in-flight 64] [--warmup 1] [--duration 5] [--label L]
///
/// Prints one JSON line (RunResult).
enum StorageWritesBench {
    static func run(_ arguments: Arguments) async throws {
        let directory = try arguments.string("dir")
        let batch = try arguments.int("batch", default: 256)
        let inFlight = try arguments.int("in-flight", default: 64)
        let warmup = try arguments.double("warmup", default: 1)
        let duration = try arguments.double("duration", default: 5)
        let path = directory + "/storage-writes-\(batch)-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("bench.v1") { db in
            try db.execute(
                sql: "CREATE TABLE job (id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, timeline BLOB NOT NULL)"
            )
        }
        let database = try QuadDatabase(
            configuration: DatabaseConfiguration(path: path, synchronous: .full, maxBatchSize: batch),
            migrator: migrator
        )
        defer { try? database.close() }
        let timeline = Data(repeating: 0x7b, count: 1_024)
        let counter = LaundryBench.Counter()
        let window = Window(warmupSeconds: warmup, durationSeconds: duration)
        let (samples, cpu) = await runAsyncCallers(inFlight: inFlight, window: window, serverPID: nil) { caller in
            let id = "job-\(counter.next())"
            try await database.write { db in
                try db.execute(
                    sql: "INSERT INTO job (id, customer_id, timeline) VALUES (?, ?, ?)",
                    arguments: [id, "customer-\(caller)", timeline]
                )
                try Outbox.enqueue(
                    db,
                    destination: "matching",
                    topic: "job.submitted",
                    key: "\(id):job.submitted",
                    payload: timeline.prefix(200)
                )
                try Outbox.enqueue(
                    db,
                    destination: "payments",
                    topic: "job.posted",
                    key: "\(id):job.posted",
                    payload: timeline.prefix(60)
                )
                try EventLog.append(
                    db,
                    userID: "customer-\(caller)",
                    type: "quad.jobs.v1.JobChanged",
                    payload: timeline,
                    occurredAt: Date()
                )
            }
        }
        let label =
            arguments.optional("label") ?? (batch == 1 ? "storage-transaction-per-request" : "storage-group-commit")
        let described = ClientOptions(
            impl: label,
            port: 0,
            certificates: CertificatePaths(directory: directory),
            payload: 1_024,
            inFlight: inFlight,
            warmup: warmup,
            duration: duration,
            serverPID: nil
        )
        try printResult(makeResult(impl: label, options: described, window: window, samples: samples, cpu: cpu))
    }
}
