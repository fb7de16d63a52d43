import Foundation
import GRDB
import JobsService
import QuadContracts
import QuadStorage
import QuadWire
import Testing

/// A database written by the code before issue 12 (`Fixtures/jobs-before-issue12.sqlite`, made at commit 96962ef by
/// the fixture writer removed after it ran), opened with today's migrations and served by today's handlers.
@Suite("Jobs: a database written before issue 12")
struct StoredJobsFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// What GetLaundryJob and ListMyLaundryJobs answered with the old code, by "get <job> as <viewer>" and
    /// "list <user> <role> <filter>".
    static func expectedAnswers() throws -> [String: String] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("jobs-before-issue12-expected.json"))
        return try JSONDecoder().decode([String: String].self, from: data)
    }

    /// Runs `body` on a copy of the fixture database, migrated by today's code.
    static func withMigratedCopy(_ body: @Sendable (QuadDatabase) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "quad-jobs-fixture-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/jobs.sqlite"
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("jobs-before-issue12.sqlite").path,
            toPath: path
        )
        let database = try QuadDatabase(configuration: .defaults(path: path), migrator: JobsMigrations.migrator)
        defer { try? database.close() }
        try await body(database)
    }

    /// The id of the first job of the fixture whose answer satisfies `matches`.
    static func job(in expected: [String: String], _ matches: (Quad_Jobs_V1_LaundryJob) -> Bool) -> String? {
        expected.sorted { $0.key < $1.key }.lazy
            .filter { $0.key.hasPrefix("get ") }
            .compactMap { try? Quad_Jobs_V1_LaundryJob(jsonString: $0.value) }
            .first(where: matches)?.jobID
    }

    @Test("every job, each list and each viewer's view read back exactly as the old code answered")
    func readsBackWhole() async throws {
        let expected = try Self.expectedAnswers()
        try await Self.withMigratedCopy { database in
            let stored = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM laundry_job") }
            let jobsInFixture = Set(expected.keys.filter { $0.hasPrefix("get ") }.map { $0.split(separator: " ")[1] })
            #expect(stored == 7)
            #expect(jobsInFixture.count == 7, "the fixture's answers name every stored job")
            try await JobsHarness.run(database: database) { harness in
                for (key, json) in expected.sorted(by: { $0.key < $1.key }) {
                    let words = key.split(separator: " ").map(String.init)
                    if words[0] == "get" {
                        let job = try await harness.as(words[3]) {
                            try await $0.getLaundryJob(.with { $0.jobID = words[1] }, options: JobsHarness.options())
                        }
                        #expect(job == (try Quad_Jobs_V1_LaundryJob(jsonString: json)), "\(key)")
                    } else {
                        let role = Quad_Jobs_V1_JobRole(rawValue: Int(words[2])!)!
                        let filter = Quad_Jobs_V1_JobListFilter(rawValue: Int(words[3])!)!
                        let list = try await harness.as(words[1]) {
                            try await $0.listMyLaundryJobs(
                                .with {
                                    $0.role = role; $0.filter = filter
                                },
                                options: JobsHarness.options()
                            )
                        }
                        #expect(list == (try Quad_Jobs_V1_ListMyLaundryJobsResponse(jsonString: json)), "\(key)")
                    }
                }
            }
        }
    }

    @Test("a migrated job still changes: its stored timeline replays through today's rules")
    func migratedJobsChange() async throws {
        let expected = try Self.expectedAnswers()
        try await Self.withMigratedCopy { database in
            try await JobsHarness.run(database: database) { harness in
                // The job waiting for a dasher (cora's, preferred dasher pia) is assigned, then cancelled by cora.
                let jobID = try #require(Self.job(in: expected) { $0.status == .open && $0.stage == .waitingForDasher })
                harness.clock.advance(by: .seconds(3_600))
                #expect(try await harness.assign(jobID, to: "pia"))
                let cancelled = try await harness.as("cora") {
                    try await $0.cancelLaundryJob(.with { $0.jobID = jobID }, options: JobsHarness.options())
                }
                #expect(cancelled.status == .cancelled)
                #expect(cancelled.timeline.map(\.kind) == ["submitted", "dasher_assigned", "cancelled"])
                let read = try await harness.as("cora") {
                    try await $0.getLaundryJob(.with { $0.jobID = jobID }, options: JobsHarness.options())
                }
                #expect(read == cancelled, "what GetLaundryJob reads is the job as its change left it")
                // The dasher's review of the paid job, written before issue 12, is still the dasher's: a second one is
                // refused.
                let paidID = try #require(
                    Self.job(in: expected) { $0.paymentState == .paid && $0.dasherReview.stars > 0 }
                )
                let again = await #expect(throws: RPCError.self) {
                    _ = try await harness.as("eve") {
                        try await $0.reviewLaundryJob(
                            .with {
                                $0.jobID = paidID; $0.stars = 1
                            },
                            options: JobsHarness.options()
                        )
                    }
                }
                #expect(again?.code == .alreadyExists)
                #expect(again?.message.contains("the dasher reviewed it already") == true)
            }
        }
    }
}
