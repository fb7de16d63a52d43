import Foundation
import GRDB
import QuadBuiltInContracts
import QuadServiceKit
import QuadStorage
import QuadTestSupport
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Synchronization
import Testing

/// The outbox's dead letters as operators and /metrics see them: PeerDelivery's classification of answers, the
/// gauge by destination and topic, and the Admin service's list, show and replay.
@Suite("Dead letters: metrics and the Admin service")
struct DeadLetterAdminTests {
    /// Enqueues `keys` for `destination` and runs a relay whose receiver answers `status` to each, dead-lettering
    /// after one refusal.
    static func deadLetter(
        _ keys: [String],
        to destination: String,
        topic: String = "account.deleted",
        status: StatusCode = .invalidArgument,
        in database: QuadDatabase
    ) async throws -> OutboxRelay {
        try await database.write { db in
            for key in keys {
                try Outbox.enqueue(db, destination: destination, topic: topic, key: key, payload: Data("p-\(key)".utf8))
            }
        }
        let relay = OutboxRelay(
            database: database,
            clock: ManualClock(),
            maxRefusals: 1,
            metricsFactory: MetricsSetup().factory,
            classify: PeerDelivery.failure(of:),
            deliver: { _ in throw RPCError(code: status, message: "topic: \(destination) does not take \(topic)") }
        )
        _ = await relay.deliverDue()
        return relay
    }

    @Test(
        "PeerDelivery refuses for good exactly the statuses a retry cannot change",
        arguments: [
            (StatusCode.invalidArgument, true), (.failedPrecondition, true), (.notFound, true), (.unimplemented, true),
            (.permissionDenied, true), (.unavailable, false), (.deadlineExceeded, false), (.internal, false),
            (.resourceExhausted, false), (.unauthenticated, false), (.cancelled, false),
        ]
    )
    func classification(status: StatusCode, refused: Bool) {
        let failure = PeerDelivery.failure(of: RPCError(code: status, message: "x"))
        #expect(failure == (refused ? .refused(status: status.name) : .unavailable))
    }

    @Test("a connection that failed is not a refusal")
    func transportFailureIsUnavailable() {
        struct ConnectionRefused: Error {}
        #expect(PeerDelivery.failure(of: ConnectionRefused()) == .unavailable)
    }

    @Test("/metrics shows dead letters by destination and topic, back to 0 once replayed and delivered")
    func gauge() async throws {
        try await withTemporaryDatabase { database in
            // Given a relay whose receivers refuse everything for good until told otherwise
            let metrics = MetricsSetup()
            let refusing = Mutex(true)
            let relay = OutboxRelay(
                database: database,
                clock: ManualClock(),
                maxRefusals: 1,
                metricsFactory: metrics.factory,
                classify: PeerDelivery.failure(of:),
                deliver: { message in
                    if refusing.withLock({ $0 }) {
                        throw RPCError(code: .invalidArgument, message: "no \(message.topic)")
                    }
                }
            )
            // And two dead letters for jobs' account.deleted and one for payments' job.completed
            try await database.write { db in
                for (destination, topic, key) in [
                    ("jobs", "account.deleted", "a"), ("jobs", "account.deleted", "b"),
                    ("payments", "job.completed", "c"),
                ] {
                    try Outbox.enqueue(db, destination: destination, topic: topic, key: key, payload: Data())
                }
            }
            _ = await relay.deliverDue()

            // Then the exposition counts them per destination and topic
            var exposition = metrics.registry.emitToString()
            #expect(
                exposition.contains(#"quad_outbox_dead_letters{destination="jobs",topic="account.deleted"} 2.0"#),
                "\(exposition)"
            )
            #expect(
                exposition.contains(#"quad_outbox_dead_letters{destination="payments",topic="job.completed"} 1.0"#),
                "\(exposition)"
            )

            // When payments takes messages again, and its dead letter is replayed and delivered
            refusing.withLock { $0 = false }
            let id = try #require(try await database.deadLetters(destination: "payments").first?.id)
            _ = try await database.replayDeadLetter(id: id)
            #expect(await relay.deliverDue() == 1)

            // Then that series reads 0 and the other is unchanged
            exposition = metrics.registry.emitToString()
            #expect(
                exposition.contains(#"quad_outbox_dead_letters{destination="payments",topic="job.completed"} 0.0"#),
                "\(exposition)"
            )
            #expect(
                exposition.contains(#"quad_outbox_dead_letters{destination="jobs",topic="account.deleted"} 2.0"#),
                "\(exposition)"
            )
        }
    }

    @Test("operators list, show and replay dead letters through Admin; a second replay says it is no longer dead")
    func adminAsOperator() async throws {
        try await withAdmin { server, database in
            // Given a dead letter in jobs' outbox and a later message that went through
            _ = try await Self.deadLetter(["user-1:account.deleted"], to: "payments", in: database)
            try await server.withTransport(as: .operator) { transport in
                let admin = Quad_Admin_V1_Admin.Client(transport: transport)

                // When an operator lists them
                let listed = try await admin.listDeadLetters(.init()).deadLetters
                // Then it is there, without its payload
                #expect(listed.map(\.key) == ["user-1:account.deleted"])
                let letter = try #require(listed.first)
                #expect(letter.destination == "payments")
                #expect(letter.topic == "account.deleted")
                #expect(letter.status == "INVALID_ARGUMENT")
                #expect(letter.payload.isEmpty)
                #expect(letter.payloadBytes == Int64("p-user-1:account.deleted".utf8.count))
                // And filters by destination and topic
                #expect(try await admin.listDeadLetters(.with { $0.destination = "matching" }).deadLetters.isEmpty)
                #expect(try await admin.listDeadLetters(.with { $0.topic = "account.deleted" }).deadLetters.count == 1)

                // When they show it, Then they get its payload and the refusal
                let shown = try await admin.getDeadLetter(.with { $0.id = letter.id })
                #expect(shown.payload == Data("p-user-1:account.deleted".utf8))
                #expect(shown.lastError.contains("payments does not take account.deleted"))

                // When they replay it, Then it is back in the outbox and no longer listed
                let replayed = try await admin.replayDeadLetter(.with { $0.id = letter.id }).deadLetter
                #expect(replayed.replayedAs > letter.id)
                #expect(replayed.replayedAtMicros > 0)
                let pending = try await database.read { db in
                    try String.fetchAll(db, sql: "SELECT key FROM quad_outbox")
                }
                #expect(pending == ["user-1:account.deleted"])
                #expect(try await admin.listDeadLetters(.init()).deadLetters.isEmpty)

                // When they replay it again, Then FAILED_PRECONDITION says it is no longer dead, and nothing changes
                let again = await #expect(throws: RPCError.self) {
                    try await admin.replayDeadLetter(.with { $0.id = letter.id })
                }
                #expect(again?.code == .failedPrecondition)
                #expect(again?.message.contains("dead letter \(letter.id) is no longer dead") == true)
                #expect(again?.message.contains("as outbox message \(replayed.replayedAs)") == true)
                #expect(
                    try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM quad_outbox") } == 1
                )

                // And an id that never was a dead letter is NOT_FOUND, for show and replay
                let unknownShow = await #expect(throws: RPCError.self) {
                    try await admin.getDeadLetter(.with { $0.id = 999 })
                }
                #expect(unknownShow?.code == .notFound)
                let unknownReplay = await #expect(throws: RPCError.self) {
                    try await admin.replayDeadLetter(.with { $0.id = 999 })
                }
                #expect(unknownReplay?.code == .notFound)
                // And a bad limit is INVALID_ARGUMENT naming the field
                let badLimit = await #expect(throws: RPCError.self) {
                    try await admin.listDeadLetters(.with { $0.limit = 501 })
                }
                #expect(badLimit?.code == .invalidArgument)
                #expect(badLimit?.message.hasPrefix("limit:") == true)
            }
        }
    }

    @Test("a service's or the gateway's certificate is refused PERMISSION_DENIED and nothing changes")
    func adminRefusesServices() async throws {
        try await withAdmin { server, database in
            _ = try await Self.deadLetter(["k"], to: "payments", in: database)
            let id = try #require(try await database.deadLetters().first?.id)
            for peer in [InProcessServer.Peer.service("payments"), .gateway] {
                try await server.withTransport(as: peer) { transport in
                    let admin = Quad_Admin_V1_Admin.Client(transport: transport)
                    let list = await #expect(throws: RPCError.self) { try await admin.listDeadLetters(.init()) }
                    #expect(list?.code == .permissionDenied)
                    let show = await #expect(throws: RPCError.self) {
                        try await admin.getDeadLetter(.with { $0.id = id })
                    }
                    #expect(show?.code == .permissionDenied)
                    let replay = await #expect(throws: RPCError.self) {
                        try await admin.replayDeadLetter(.with { $0.id = id })
                    }
                    #expect(replay?.code == .permissionDenied)
                    #expect(replay?.message.contains("operators") == true)
                }
            }
            #expect(try await database.deadLetter(id: id)?.isDead == true)
        }
    }

    private func withAdmin(
        _ body: @Sendable (InProcessServer, QuadDatabase) async throws -> Void
    ) async throws {
        try await InProcessServer.run(
            context: "jobs",
            peers: ["payments"],
            migrator: DatabaseMigrator(),
            makeServices: { database, certificates in
                [AdminService(name: "jobs", database: database, directory: certificates.directory + "/backups")]
            },
            body
        )
    }

    private func withTemporaryDatabase(_ body: (QuadDatabase) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "quad-dead-letters-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try QuadDatabase(
            configuration: .defaults(path: directory + "/jobs.sqlite"),
            migrator: DatabaseMigrator()
        )
        defer { try? database.close() }
        try await body(database)
    }
}
