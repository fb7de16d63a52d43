import Foundation
import GRDB
import PaymentsDomain
import PaymentsProviders
import PaymentsService
import PaymentsStore
import QuadContracts
import QuadTestSupport
import QuadServiceKit
import QuadStorage
import QuadWire
import QuadWireNIO
import ServiceTestSupport
import SwiftProtobuf
import Synchronization
import Testing

/// Dorm prices from a fixed table instead of identity's directory.
struct FixedDormDirectory: DormPriceDirectory {
    var prices: [String: DormPrices]

    func prices(ofDorm dormID: String) async throws -> DormPrices? { prices[dormID] }
}

/// Jobs' answers to GetJobStatus, set by the test; a job not set does not exist. `down` makes jobs unavailable.
final class FakeJobs: JobStatusSource {
    private let state = Mutex<(statuses: [String: Quad_Jobs_V1_JobStatus], down: Bool)>(([:], false))

    func set(_ jobID: String, _ status: Quad_Jobs_V1_LaundryJobStatus) {
        state.withLock {
            $0.statuses[jobID] = .with {
                $0.exists = true; $0.status = status
            }
        }
    }

    func setDown(_ down: Bool) { state.withLock { $0.down = down } }

    func status(ofJob jobID: String) async throws -> Quad_Jobs_V1_JobStatus {
        let (status, down) = state.withLock { ($0.statuses[jobID], $0.down) }
        if down { throw RPCError(code: .unavailable, message: "jobs is down") }
        return status ?? .with { $0.exists = false }
    }
}

/// identity's accounts as payments asks for them: the users set by the test; `down` makes identity unavailable.
final class FakeUsers: UserDirectory {
    private let state = Mutex<(known: Set<String>, down: Bool)>((["cora", "dan", "eve"], false))

    func remove(_ userID: String) { state.withLock { _ = $0.known.remove(userID) } }

    func setDown(_ down: Bool) { state.withLock { $0.down = down } }

    func userExists(_ userID: String) async throws -> Bool {
        let (known, down) = state.withLock { ($0.known, $0.down) }
        if down { throw RPCError(code: .unavailable, message: "identity is down") }
        return known.contains(userID)
    }
}

/// The test's transports, closed when it ends.
final class TransportPool: Sendable {
    private let transports = Mutex<[TestTransport]>([])

    func add(_ transport: TestTransport) { transports.withLock { $0.append(transport) } }

    func closeAll() { transports.withLock { $0.forEach { $0.close() } } }
}

/// payments in-process with the sandbox processor, fixed dorm prices and a fake jobs, on a settable clock. Every
/// test's books are checked to balance (CheckBooks) when it ends.
struct PaymentsHarness: Sendable {
    static let dorm = "dorm-north"
    /// USD 2.00 a washer load, USD 1.50 a dryer load.
    static let prices = DormPrices(washer: usd(200), dryer: usd(150))

    let server: InProcessServer
    let database: QuadDatabase
    let service: PaymentsService
    let clock: TestClock
    let jobs: FakeJobs
    let users: FakeUsers
    private let transports: TransportPool

    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }

    static func amount(_ cents: Int64) -> Quad_Types_V1_Amount {
        .with {
            $0.minorUnits = cents; $0.currency = "USD"
        }
    }

    /// Runs `body` against payments; with `journalPath`, the sandbox keeps its state in that journal.
    static func run(journalPath: String? = nil, _ body: @Sendable (PaymentsHarness) async throws -> Void) async throws {
        let clock = TestClock()
        let jobs = FakeJobs()
        let users = FakeUsers()
        let made = Mutex<PaymentsService?>(nil)
        try await InProcessServer.run(
            context: "payments",
            peers: ["jobs", "households"],
            migrator: PaymentsMigrations.migrator,
            makeServices: { database, _ in
                let service = PaymentsService(
                    database: database,
                    provider: try journalPath.map { try SandboxPaymentProvider(clock: clock.clock, journalPath: $0) }
                        ?? SandboxPaymentProvider(clock: clock.clock),
                    directory: FixedDormDirectory(prices: [dorm: prices]),
                    jobs: jobs,
                    users: users,
                    clock: clock.clock
                )
                made.withLock { $0 = service }
                return [service]
            }
        ) { server, database in
            let service = try #require(made.withLock { $0 })
            let harness = PaymentsHarness(
                server: server,
                database: database,
                service: service,
                clock: clock,
                jobs: jobs,
                users: users,
                transports: TransportPool()
            )
            defer { harness.transports.closeAll() }
            try await body(harness)
            let books = try await harness.asOperator().checkBooks(.init())
            #expect(books.balanced, "the books must balance after every test")
            #expect(books.totalDebits == books.totalCredits)
        }
    }

    // MARK: Clients

    func client(_ peer: InProcessServer.Peer) throws -> Quad_Payments_V1_Payments.Client {
        let transport = try server.transport(as: peer)
        transports.add(transport)
        return Quad_Payments_V1_Payments.Client(transport: transport)
    }

    /// payments as `user` through the gateway.
    func asUser(_ user: String, dorm: String = Self.dorm, roles: [String] = ["customer"]) throws
        -> Quad_Payments_V1_Payments.Client
    {
        try client(.user(Caller(userID: user, roles: roles, campusID: "campus", dormID: dorm)))
    }

    func asJobs() throws -> Quad_Payments_V1_Payments.Client { try client(.service("jobs")) }

    func asHouseholds() throws -> Quad_Payments_V1_Payments.Client { try client(.service("households")) }

    func asOperator() throws -> Quad_Payments_V1_Payments.Client { try client(.operator) }

    static func key(_ key: String) -> CallOptions {
        CallOptions(timeout: .seconds(10), metadata: ["idempotency-key": key])
    }

    // MARK: Steps

    /// Adds a sandbox card for `user` and returns its id.
    func addCard(_ user: String, token: String = "tok_sandbox_visa") async throws -> String {
        try await asUser(user).addPaymentMethod(
            .with {
                $0.token = token; $0.label = "Apple Pay"
            }
        ).paymentMethodID
    }

    static func holdRequest(job: String, customer: String, card: String, loads: UInt32 = 2)
        -> Quad_Payments_V1_HoldForLaundryJobRequest
    {
        .with {
            $0.jobID = job
            $0.customerID = customer
            $0.dormID = dorm
            $0.estimatedLoads = loads
            $0.addOns = [.folding]
            $0.paymentMethodID = card
        }
    }

    /// Jobs' hold for `job` (idempotency key = the job id).
    func hold(job: String, customer: String, card: String, loads: UInt32 = 2) async throws
        -> Quad_Payments_V1_LaundryHold
    {
        try await asJobs().holdForLaundryJob(
            Self.holdRequest(job: job, customer: customer, card: card, loads: loads),
            options: Self.key(job)
        )
    }

    /// A delivery from jobs of `payload` under `topic`, keyed `<job>:<topic>`.
    static func delivery(_ topic: String, job: String, _ payload: some SwiftProtobuf.Message) throws
        -> Quad_Types_V1_OutboxDelivery
    {
        try .with {
            $0.source = "jobs"
            $0.topic = topic
            $0.key = "\(job):\(topic)"
            $0.payload = try payload.serializedData()
        }
    }

    func deliver(_ delivery: Quad_Types_V1_OutboxDelivery) async throws -> Bool {
        try await asJobs().deliver(delivery).applied
    }

    /// `job.completed` for `job` with the actuals.
    static func completed(
        job: String,
        customer: String,
        dasher: String,
        loads: UInt32 = 2,
        machineCost: Int64 = 700,
        approved: Bool = true
    ) throws -> Quad_Types_V1_OutboxDelivery {
        try delivery(
            "job.completed",
            job: job,
            Quad_Jobs_V1_JobCompleted.with {
                $0.jobID = job
                $0.customerID = customer
                $0.dasherID = dasher
                $0.actualLoads = loads
                $0.machineCost = amount(machineCost)
                $0.addOns = [.folding]
                $0.aboveHoldApproved = approved
            }
        )
    }

    /// A customer with a card, a hold for `job`, posted, completed by `dasher`: `dasher` has earnings.
    @discardableResult
    func paidJob(_ job: String, customer: String = "cora", dasher: String = "dan", machineCost: Int64 = 700)
        async throws -> Quad_Payments_V1_LaundryHold
    {
        let card = try await addCard(customer)
        let hold = try await hold(job: job, customer: customer, card: card)
        _ = try await deliver(try Self.delivery("job.posted", job: job, Quad_Jobs_V1_JobPosted.with { $0.jobID = job }))
        _ = try await deliver(
            try Self.completed(job: job, customer: customer, dasher: dasher, machineCost: machineCost)
        )
        return hold
    }

    func intent(job: String) async throws -> Quad_Payments_V1_PaymentIntent {
        try await asOperator().getPaymentIntent(.with { $0.jobID = job })
    }

    func balance(_ user: String) async throws -> Quad_Payments_V1_Balance {
        try await asUser(user).getBalance(.init())
    }

    /// The outbox messages pending for `destination`, as (topic, key).
    func outbox(to destination: String) async throws -> [(topic: String, key: String, payload: Data)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT topic, key, payload FROM quad_outbox WHERE destination = ? ORDER BY id",
                arguments: [destination]
            )
            .map { (topic: $0["topic"], key: $0["key"], payload: $0["payload"]) }
        }
    }

    /// The payment events logged for `user`'s feed, oldest first (read from the log directly: the event source's
    /// reader waits for a first event).
    func events(of user: String) async throws -> [Quad_Payments_V1_PaymentEvent] {
        try await database.read { db in
            try Data.fetchAll(
                db,
                sql: "SELECT payload FROM quad_event_log WHERE user_id = ? AND type = ? ORDER BY sequence",
                arguments: [user, Quad_Payments_V1_PaymentEvent.protoMessageName]
            )
        }.map { try Quad_Payments_V1_PaymentEvent(serializedBytes: $0) }
    }
}
