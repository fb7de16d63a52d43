import Foundation
import GRDB
import QuadContracts
import QuadStorage
import QuadToolKit
import ServiceTestSupport
import Testing

@testable import quad

/// `quad outbox` against a real identity started by `quad up` (issue 12 item 3): a dead letter in identity's
/// outbox is listed, shown and replayed, and a second replay says it is no longer dead.
@Suite(
    "quad outbox, end to end",
    .serialized,
    .enabled(if: ["quad", "quad-identity"].allSatisfy(BuildProducts.exists))
)
struct QuadOutboxTests {
    /// The refusal that dead-letters the seeded message.
    struct Refused: Error, CustomStringConvertible {
        var description: String { "INVALID_ARGUMENT: topic: jobs receives offer.accepted, not 'account.deleted'" }
    }

    @Test("lists, shows and replays a dead letter of a running service; a second replay says it is no longer dead")
    func listShowReplay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quad-outbox-\(UUID().uuidString)"
        )
        .path
        let executables = directory + "/bin"
        try FileManager.default.createDirectory(atPath: executables, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: "\(executables)/quad-identity",
            withDestinationPath: BuildProducts.path("quad-identity")
        )
        let layout = UpLayout(directory: directory)

        // Given identity's database with one message to jobs that its relay dead-lettered (jobs refused it)
        let id = try await Self.seedDeadLetter(path: layout.data + "/identity.sqlite")

        // And `quad up` running identity on that database (jobs is not running)
        try await QuadUpSystemTests.withQuadUp(directory: directory, arguments: ["--executables", executables]) { up in
            _ = try await QuadUpSystemTests.waitForEndpoints(layout, of: up) { $0.endpoint(named: "identity") != nil }
            let common = ["--endpoints", layout.endpoints]

            // When an operator lists the dead letters of every service
            let list = try await ProductRun.run("quad", ["outbox", "list"] + common, in: directory)
            // Then identity's is there with its destination, topic and refusal
            #expect(list.status == 0, "\(list.output)")
            let row = list.output.split(separator: "\n").first { $0.hasPrefix("identity") }.map(String.init) ?? ""
            let cells = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            #expect(
                Array(cells.prefix(6)) == ["identity", "\(id)", "jobs", "account.deleted", "INVALID_ARGUMENT", "1"],
                "\(list.output)"
            )

            // When they show it, Then they see its key, its last error and its payload
            let show = try await ProductRun.run(
                "quad",
                ["outbox", "show", "\(id)", "--service", "identity"] + common,
                in: directory
            )
            #expect(show.status == 0, "\(show.output)")
            #expect(show.output.contains("user-7:account.deleted"), "\(show.output)")
            #expect(show.output.contains("jobs receives offer.accepted"), "\(show.output)")
            let payload = try Quad_Identity_V1_AccountDeleted.with { $0.userID = "user-7" }.serializedData()
            #expect(show.output.contains(payload.base64EncodedString()), "\(show.output)")
            #expect(show.output.contains(#"quad.identity.v1.AccountDeleted {"userId":"user-7"}"#), "\(show.output)")
            #expect(show.output.contains("dead"), "\(show.output)")

            // When they replay it, Then it goes back to identity's outbox and the list no longer shows it
            let replay = try await ProductRun.run(
                "quad",
                ["outbox", "replay", "\(id)", "--service", "identity"] + common,
                in: directory
            )
            #expect(replay.status == 0, "\(replay.output)")
            #expect(
                replay.output.contains("replayed dead letter \(id) (account.deleted to jobs) as outbox message"),
                "\(replay.output)"
            )
            let after = try await ProductRun.run(
                "quad",
                ["outbox", "list", "--service", "identity"] + common,
                in: directory
            )
            #expect(after.status == 0, "\(after.output)")
            #expect(after.output.contains("no dead letters in identity"), "\(after.output)")

            // When they replay it again, Then it fails, saying plainly that it is no longer dead
            let again = try await ProductRun.run(
                "quad",
                ["outbox", "replay", "\(id)", "--service", "identity"] + common,
                in: directory
            )
            #expect(again.status == 1, "\(again.output)")
            #expect(
                again.output.contains("ERROR: identity: FAILED_PRECONDITION: dead letter \(id) is no longer dead"),
                "\(again.output)"
            )

            // And an unknown id is NOT_FOUND, a service the endpoints file lacks a local mistake (exit 1 with why)
            let unknown = try await ProductRun.run(
                "quad",
                ["outbox", "show", "999", "--service", "identity"] + common,
                in: directory
            )
            #expect(unknown.status == 1, "\(unknown.output)")
            #expect(unknown.output.contains("ERROR: identity: NOT_FOUND"), "\(unknown.output)")
            let missing = try await ProductRun.run(
                "quad",
                ["outbox", "list", "--service", "households"] + common,
                in: directory
            )
            #expect(missing.status != 0, "\(missing.output)")
            #expect(missing.output.contains("endpoints.json lists no households"), "\(missing.output)")
        }
    }

    /// Writes identity's database before it starts: one message to jobs, refused for good once by a relay that
    /// gives up after one refusal. Returns the dead letter's id.
    static func seedDeadLetter(path: String) async throws -> Int64 {
        let database = try QuadDatabase(configuration: .defaults(path: path), migrator: DatabaseMigrator())
        defer { try? database.close() }
        try await database.write { db in
            try Outbox.enqueue(
                db,
                destination: "jobs",
                topic: "account.deleted",
                key: "user-7:account.deleted",
                payload: try Quad_Identity_V1_AccountDeleted.with { $0.userID = "user-7" }.serializedData()
            )
        }
        let relay = OutboxRelay(
            database: database,
            clock: ContinuousClock(),
            maxRefusals: 1,
            classify: { _ in .refused(status: "INVALID_ARGUMENT") },
            deliver: { _ in throw Refused() }
        )
        _ = await relay.deliverDue()
        return try #require(try await database.deadLetters().first?.id)
    }
}
