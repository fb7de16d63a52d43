import Foundation
import QuadContracts
import SwiftProtobuf
import Testing

/// Writes `Fixtures/jobs-before-issue12.sqlite` and `Fixtures/jobs-before-issue12-expected.json` with the code of
/// commit 96962ef (before issue 12): jobs in every situation the store keeps, taken through the real handlers, and
/// what GetLaundryJob and ListMyLaundryJobs answered for them then. Run once, with QUAD_WRITE_JOBS_FIXTURE=1; the
/// fixture test (StoredJobsFixtureTests) reads the database with today's code and expects the same answers.
@Suite("Jobs: the stored-jobs fixture writer")
struct StoredJobsFixtureWriter {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test("writes the fixture", .enabled(if: ProcessInfo.processInfo.environment["QUAD_WRITE_JOBS_FIXTURE"] == "1"))
    func write() async throws {
        try await JobsHarness.run { harness in
            func step() { harness.clock.advance(seconds: 61) }
            func get(_ job: String, as user: String) async throws -> Quad_Jobs_V1_LaundryJob {
                try await harness.as(user) { try await $0.getLaundryJob(.with { $0.jobID = job }, options: JobsHarness.options()) }
            }
            var jobs: [(id: String, viewers: [String])] = []

            // Waiting for a dasher, with a preferred one.
            let waiting = try await harness.submit("cora", harness.submission(preferred: "pia"))
            jobs.append((waiting.jobID, ["cora"]))
            step()
            // Assigned: the dasher sees the pickup place.
            let assigned = try await harness.submit("cora")
            try await harness.assign(assigned.jobID, to: "dan")
            jobs.append((assigned.jobID, ["cora", "dan"]))
            step()
            // A dasher rejected with a reason, another assigned and on the way.
            let rejected = try await harness.submit("cora", harness.submission(loads: 3))
            try await harness.assign(rejected.jobID, to: "dan")
            step()
            _ = try await harness.as("cora") {
                try await $0.rejectDasher(.with { $0.jobID = rejected.jobID; $0.reason = "prefers someone else" }, options: JobsHarness.options())
            }
            step()
            try await harness.assign(rejected.jobID, to: "eve", offer: 2)
            step()
            try await harness.advance(rejected.jobID, by: "eve", through: [.onTheWayForPickup])
            jobs.append((rejected.jobID, ["cora", "eve"]))
            step()
            // Cancelled before a dasher, the hold released.
            let cancelled = try await harness.submit("cora")
            step()
            _ = try await harness.as("cora") { try await $0.cancelLaundryJob(.with { $0.jobID = cancelled.jobID }, options: JobsHarness.options()) }
            step()
            let released = Quad_Payments_V1_PaymentReleased.with {
                $0.jobID = cancelled.jobID
                $0.released = PaymentsDouble.amount(1_800)
            }
            _ = try await harness.deliver(from: "payments", "payment.released", key: "\(cancelled.jobID):payment.released", released)
            jobs.append((cancelled.jobID, ["cora"]))
            step()
            // Finished drying at a price above twice the estimate, waiting for the customer.
            let pricey = try await harness.submit("ben", harness.submission(loads: 1))
            try await harness.assign(pricey.jobID, to: "dan")
            step()
            try await harness.advance(pricey.jobID, by: "dan", through: ProgressTests.toDryer)
            step()
            _ = try await harness.as("dan") {
                try await $0.reportDrying(
                    .with { $0.jobID = pricey.jobID; $0.actualLoads = 1; $0.machineCost = PaymentsDouble.amount(5_000) },
                    options: JobsHarness.options()
                )
            }
            jobs.append((pricey.jobID, ["ben", "dan"]))
            step()
            // Approved, dropped off, capture pending.
            let approved = try await harness.submit("cora", harness.submission(loads: 1))
            try await harness.assign(approved.jobID, to: "dan")
            try await harness.advance(approved.jobID, by: "dan", through: ProgressTests.toDryer)
            step()
            _ = try await harness.as("dan") {
                try await $0.reportDrying(
                    .with { $0.jobID = approved.jobID; $0.actualLoads = 2; $0.machineCost = PaymentsDouble.amount(4_000) },
                    options: JobsHarness.options()
                )
            }
            step()
            _ = try await harness.as("cora") { try await $0.approveFinalPrice(.with { $0.jobID = approved.jobID }, options: JobsHarness.options()) }
            step()
            try await harness.advance(approved.jobID, by: "dan", through: [.onTheWayForDropOff, .droppedOff])
            jobs.append((approved.jobID, ["cora", "dan"]))
            step()
            // Paid, reviewed both ways, disputed and resolved with a partial refund.
            let done = try await harness.submit("ben")
            try await harness.assign(done.jobID, to: "eve")
            try await harness.advance(done.jobID, by: "eve", through: ProgressTests.toDryer)
            step()
            _ = try await harness.as("eve") {
                try await $0.reportDrying(
                    .with { $0.jobID = done.jobID; $0.actualLoads = 2; $0.machineCost = PaymentsDouble.amount(700) },
                    options: JobsHarness.options()
                )
            }
            step()
            try await harness.advance(done.jobID, by: "eve", through: [.onTheWayForDropOff, .droppedOff])
            step()
            let captured = Quad_Payments_V1_PaymentCaptured.with { $0.jobID = done.jobID; $0.captured = PaymentsDouble.amount(1_800) }
            _ = try await harness.deliver(from: "payments", "payment.captured", key: "\(done.jobID):payment.captured", captured)
            step()
            _ = try await harness.as("ben") {
                try await $0.reviewLaundryJob(.with { $0.jobID = done.jobID; $0.stars = 4; $0.text = "Folded neatly" }, options: JobsHarness.options())
            }
            step()
            _ = try await harness.as("eve") { try await $0.reviewLaundryJob(.with { $0.jobID = done.jobID; $0.stars = 5 }, options: JobsHarness.options()) }
            step()
            let disputed = try await harness.as("ben") {
                try await $0.disputeLaundryJob(
                    .with {
                        $0.jobID = done.jobID
                        $0.reason = .damagedItems
                        $0.description_p = "a shirt came back torn"
                        $0.evidenceDocumentIds = ["doc-1", "doc-2"]
                    },
                    options: JobsHarness.options()
                )
            }
            step()
            let resolved = Quad_Payments_V1_DisputeResolved.with {
                $0.disputeID = disputed.dispute.disputeID
                $0.jobID = done.jobID
                $0.outcome = .refundPart
                $0.refunded = PaymentsDouble.amount(500)
            }
            _ = try await harness.deliver(from: "payments", "dispute.resolved", key: "\(done.jobID):dispute.resolved", resolved)
            jobs.append((done.jobID, ["ben", "eve"]))

            var expected: [String: String] = [:]
            for (job, viewers) in jobs {
                for viewer in viewers { expected["get \(job) as \(viewer)"] = try await get(job, as: viewer).jsonString() }
            }
            for user in ["cora", "ben", "dan", "eve"] {
                for role in [Quad_Jobs_V1_JobRole.unspecified, .customer, .dasher] {
                    for filter in [Quad_Jobs_V1_JobListFilter.all, .inProgress, .past] {
                        let list = try await harness.as(user) {
                            try await $0.listMyLaundryJobs(.with { $0.role = role; $0.filter = filter }, options: JobsHarness.options())
                        }
                        expected["list \(user) \(role.rawValue) \(filter.rawValue)"] = try list.jsonString()
                    }
                }
            }
            try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
            let database = Self.fixtures.appendingPathComponent("jobs-before-issue12.sqlite")
            try? FileManager.default.removeItem(at: database)
            try await harness.database.backup(to: database.path)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(expected).write(to: Self.fixtures.appendingPathComponent("jobs-before-issue12-expected.json"))
        }
    }
}
