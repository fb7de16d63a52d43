import Foundation
import GRDB
import MatchingService
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadTestSupport
import QuadWire
import QuadWireCore
import ServiceTestSupport
import SwiftProtobuf
import Synchronization
import Testing

/// matching served in-process with a manual clock: users call it as the gateway does (``as(_:)``), jobs delivers to
/// it as the jobs service, operators call its service-only methods with the CLI's certificate.
struct MatchingHarness: Sendable {
    /// The clock's start: 2026-01-01T00:00:00Z.
    static let start: Int64 = 1_767_225_600_000_000
    /// The dorm everyone lives in unless a test says otherwise.
    static let dorm = "dorm-north"

    let server: InProcessServer
    let database: QuadDatabase
    let clock: TestClock
    let service: MatchingService
    /// matching through the gateway's connection: pass ``as(_:)`` as options to call as a user.
    let matching: Quad_Matching_V1_Matching.Client
    /// Rides' search through the gateway's connection (``as(_:)``).
    let rides: Quad_Matching_V1_RideSearch.Client
    /// matching as the jobs service (deliveries).
    let jobs: Quad_Matching_V1_Matching.Client
    /// matching as an operator (the CLI's client certificate).
    let operators: Quad_Matching_V1_Matching.Client

    /// The database file, to reopen it as a restarted service would.
    var databasePath: String { database.configuration.path }

    /// Serves matching until `body` returns. With `reopening`, the service runs on the database at that path (a
    /// restart) rather than on a new one.
    static func run(
        profiles: StubDasherProfiles = StubDasherProfiles(),
        configuration: MatchingServiceConfiguration = .defaults,
        clock: TestClock = TestClock(startMicros: start),
        reopening path: String? = nil,
        _ body: @Sendable (MatchingHarness) async throws -> Void
    ) async throws {
        let made = Made()
        try await InProcessServer.run(context: "matching", peers: ["jobs"], migrator: MatchingMigrations.migrator) {
            fresh,
            _ in
            let database =
                try path.map {
                    try QuadDatabase(configuration: .defaults(path: $0), migrator: MatchingMigrations.migrator)
                } ?? fresh
            let service = MatchingService(
                database: database,
                profiles: profiles,
                configuration: configuration,
                clock: clock.clock
            )
            made.value.withLock { $0 = (service, database) }
            return [service, RideSearchService(beside: service)]
        } _: { server, _ in
            let (service, database) = made.value.withLock { $0! }
            defer { if path != nil { try? database.close() } }
            let gateway = try server.transport(as: .gateway)
            let jobs = try server.transport(as: .service("jobs"))
            let operators = try server.transport(as: .operator)
            defer { [gateway, jobs, operators].forEach { $0.close() } }
            try await body(
                MatchingHarness(
                    server: server,
                    database: database,
                    clock: clock,
                    service: service,
                    matching: .init(transport: gateway),
                    rides: .init(transport: gateway),
                    jobs: .init(transport: jobs),
                    operators: .init(transport: operators)
                )
            )
        }
    }

    /// What `makeServices` made, for the body.
    private final class Made: Sendable {
        let value = Mutex<(MatchingService, QuadDatabase)?>(nil)
    }

    // MARK: People

    static func dasher(_ id: String, dorm: String = dorm) -> Caller {
        Caller(userID: id, roles: ["customer", "requester", "dasher"], campusID: "campus", dormID: dorm)
    }

    static func customer(_ id: String = "cora", dorm: String = dorm) -> Caller {
        Caller(userID: id, roles: ["customer", "requester"], campusID: "campus", dormID: dorm)
    }

    /// Options that make a call on `caller`'s behalf, as the gateway forwards it.
    func `as`(_ caller: Caller) -> CallOptions {
        CallOptions(timeout: .seconds(30), metadata: [CallerIdentityInterceptor.callerHeader: caller.headerValue])
    }

    /// `dashers` turn accepting requests on, in order.
    func accepting(_ dashers: Caller...) async throws {
        for dasher in dashers {
            _ = try await matching.setAccepting(.with { $0.accepting = true }, options: self.as(dasher))
        }
    }

    /// `dasher` asks for a job: the offer, or nil.
    func assignMe(_ dasher: Caller) async throws -> Quad_Matching_V1_Offer? {
        let answer = try await matching.assignMe(.init(), options: self.as(dasher))
        return answer.hasOffer ? answer.offer : nil
    }

    func standing(_ job: String) async throws -> Quad_Matching_V1_GetJobStandingResponse {
        try await operators.getJobStanding(.with { $0.jobID = job })
    }

    // MARK: Time

    /// The clock now, in UTC microseconds.
    var now: Int64 { clock.micros }

    func advance(by duration: Duration) {
        clock.advance(by: duration)
    }

    // MARK: Deliveries from jobs

    /// The submission jobs sends, submitted `secondsAgo` before now.
    func submission(
        _ job: String,
        customer: String = "cora",
        secondsAgo: Int64 = 0,
        preferred: String? = nil,
        dorm: String = dorm
    ) -> Quad_Jobs_V1_JobSubmitted {
        let submittedAt = now - secondsAgo * 1_000_000
        return .with {
            $0.jobID = job
            $0.customerID = customer
            $0.dormID = dorm
            $0.submittedAtMicros = submittedAt
            $0.pickupAtMicros = 0
            $0.dropOffAtMicros = submittedAt + 86_400_000_000
            $0.estimatedLoads = 2
            $0.addOns = [.ironing, .folding]
            $0.preferredDasherID = preferred ?? ""
        }
    }

    /// Delivers `job.submitted` for `job` with jobs' key.
    @discardableResult
    func submit(
        _ job: String,
        customer: String = "cora",
        secondsAgo: Int64 = 0,
        preferred: String? = nil,
        dorm: String = dorm
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        let submitted = submission(job, customer: customer, secondsAgo: secondsAgo, preferred: preferred, dorm: dorm)
        return try await deliver("job.submitted", key: "\(job):job.submitted", submitted)
    }

    @discardableResult
    func deliver(_ topic: String, key: String, _ payload: some SwiftProtobuf.Message) async throws
        -> Quad_Types_V1_DeliveryReceipt
    {
        try await jobs.deliver(
            try .with {
                $0.source = "jobs"
                $0.topic = topic
                $0.key = key
                $0.payload = try payload.serializedData()
            }
        )
    }

    // MARK: What was told

    /// The matching events logged for `userID`'s feed, oldest first.
    func feed(of userID: String) async throws -> [Quad_Matching_V1_MatchingEvent] {
        try await database.loggedEvents(after: 0, limit: 10_000)
            .filter { $0.userID == userID && $0.type == Quad_Matching_V1_MatchingEvent.protoMessageName }
            .map { try Quad_Matching_V1_MatchingEvent(serializedBytes: $0.payload) }
    }

    /// The outbox messages waiting for delivery (no relay runs in these tests).
    func outbox() async throws -> [(destination: String, topic: String, key: String, payload: Data)] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT destination, topic, key, payload FROM quad_outbox ORDER BY id").map {
                ($0["destination"], $0["topic"], $0["key"], $0["payload"])
            }
        }
    }
}
