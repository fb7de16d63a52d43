import Foundation
import GRDB
import JobsService
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire
import QuadWireNIO
import ServiceTestSupport
import Synchronization
import QuadTestSupport
import SwiftProtobuf
import Testing

/// fleet-documents as jobs sees it: the documents the test put there; `down` makes it unavailable.
final class DocumentsDouble: DocumentDirectory {
    let state = Mutex<(documents: [String: Quad_Documents_V1_Document], down: Bool)>(([:], false))

    /// Keeps a document of `owner` for `purpose` under `id`.
    func put(_ id: String, job owner: String, purpose: Quad_Documents_V1_DocumentPurpose = .disputeEvidence) {
        state.withLock {
            $0.documents[id] = .with {
                $0.documentID = id
                $0.ownerKind = .job
                $0.ownerID = owner
                $0.purpose = purpose
            }
        }
    }

    func documents(ids: [String]) async throws -> [Quad_Documents_V1_Document] {
        let (documents, down) = state.withLock { ($0.documents, $0.down) }
        if down { throw RPCError(code: .unavailable, message: "fleet-documents is down") }
        return ids.compactMap { documents[$0] }
    }
}

/// payments as jobs sees it, for jobs' own tests: holds (idempotent per key, a card named "declined" is declined),
/// releases and final quotes, each recorded. The real payments is tested in PaymentsServiceTests and with jobs in
/// LaundrySystemTests.
final class PaymentsDouble: Quad_Payments_V1_Payments.ServiceProtocol, Sendable {
    struct State {
        var holds: [String: Quad_Payments_V1_JobHold] = [:]
        var releases: [String] = []
        var quotes: [Quad_Payments_V1_QuoteLaundryRequest] = []
    }
    let state = Mutex(State())
    /// Runs while a hold is placed (a test moves jobs' clock here).
    let onHold = Mutex<(@Sendable () -> Void)?>(nil)

    static func amount(_ minor: Int64) -> Quad_Types_V1_Amount {
        .with {
            $0.minorUnits = minor; $0.currency = "USD"
        }
    }

    /// A laundry hold: the `loads` line's quantity at 3.50 a load plus 11.00, answered as payments' laundry module
    /// answers it (the LaundryQuote in `product_quote`).
    func holdForJob(request: Quad_Payments_V1_HoldForJobRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_JobHold
    {
        let key = try context.requireIdempotencyKey()
        if request.product == "errands" { return try errandHold(request, key: key) }
        if request.product == "rides" { return try rideHold(request, key: key) }
        guard request.product == "laundry", let loads = request.lines.first(where: { $0.code == "loads" })?.quantity
        else {
            throw RPCError(code: .invalidArgument, message: "jobs' double holds laundry jobs with a loads line only")
        }
        if request.paymentMethodID == "declined" {
            throw RPCError(code: .failedPrecondition, message: "the card was declined: insufficient_funds")
        }
        onHold.withLock { $0 }?()
        let total = Int64(loads) * 350 + 1_100
        let laundry = Quad_Payments_V1_LaundryQuote.with {
            $0.loads = loads
            $0.lines = [
                .with {
                    $0.kind = .machines; $0.amount = Self.amount(Int64(loads) * 350)
                }
            ]
            $0.total = Self.amount(total)
        }
        let productQuote = try laundry.serializedData()
        return state.withLock { state in
            if let held = state.holds[key] { return held }
            let hold = Quad_Payments_V1_JobHold.with {
                $0.estimate = .with {
                    $0.product = "laundry"
                    $0.lines = request.lines.map { line in .with { $0.code = line.code } }
                    $0.total = Self.amount(total)
                    $0.productQuote = productQuote
                }
                $0.paymentIntent = .with {
                    $0.paymentIntentID = "pi-\(request.jobID)"
                    $0.jobID = request.jobID
                    $0.held = Self.amount(total)
                }
            }
            state.holds[key] = hold
            return hold
        }
    }

    /// An errand's hold as payments' errands module makes it: every `item` line's quantity at its amount, plus a
    /// delivery fee of 1.50 and 0.25 per unit, at most 6.00 (the ErrandQuote in `product_quote`).
    private func errandHold(_ request: Quad_Payments_V1_HoldForJobRequest, key: String) throws
        -> Quad_Payments_V1_JobHold
    {
        if request.paymentMethodID == "declined" {
            throw RPCError(code: .failedPrecondition, message: "the card was declined: insufficient_funds")
        }
        if let index = request.lines.firstIndex(where: { $0.amount.currency != "USD" }) {
            throw RPCError(code: .invalidArgument, message: "lines[\(index)].amount: errands are priced in USD")
        }
        onHold.withLock { $0 }?()
        let units = request.lines.reduce(0) { $0 + Int64($1.quantity) }
        let items = request.lines.reduce(Int64(0)) { $0 + Int64($1.quantity) * $1.amount.minorUnits }
        let fee = min(150 + 25 * units, 600)
        let quote = Quad_Payments_V1_ErrandQuote.with {
            $0.itemsTotal = Self.amount(items)
            $0.deliveryFee = Self.amount(fee)
            $0.total = Self.amount(items + fee)
            $0.buyerEarnings = Self.amount(items + fee - fee / 10)
            $0.platformRevenue = Self.amount(fee / 10)
            $0.itemCount = UInt32(units)
        }
        let productQuote = try quote.serializedData()
        return state.withLock { state in
            if let held = state.holds[key] { return held }
            let hold = Quad_Payments_V1_JobHold.with {
                $0.estimate = .with {
                    $0.product = "errands"
                    $0.total = Self.amount(items + fee)
                    $0.productQuote = productQuote
                }
                $0.paymentIntent = .with {
                    $0.paymentIntentID = "pi-\(request.jobID)"
                    $0.jobID = request.jobID
                    $0.held = Self.amount(items + fee)
                }
            }
            state.holds[key] = hold
            return hold
        }
    }

    /// A seat's hold as payments' rides module makes it: the `fare_share` line's amount plus a quarter (its margin).
    private func rideHold(_ request: Quad_Payments_V1_HoldForJobRequest, key: String) throws
        -> Quad_Payments_V1_JobHold
    {
        if request.paymentMethodID == "declined" {
            throw RPCError(code: .failedPrecondition, message: "the card was declined: insufficient_funds")
        }
        guard request.lines.count == 1, let line = request.lines.first, line.code == "fare_share" else {
            throw RPCError(code: .invalidArgument, message: "lines: a seat's hold is one fare_share line")
        }
        onHold.withLock { $0 }?()
        let held = line.amount.minorUnits + line.amount.minorUnits / 4
        return state.withLock { state in
            if let hold = state.holds[key] { return hold }
            let hold = Quad_Payments_V1_JobHold.with {
                $0.estimate = .with {
                    $0.product = "rides"
                    $0.total = Self.amount(held)
                }
                $0.paymentIntent = .with {
                    $0.paymentIntentID = "pi-\(request.jobID)"
                    $0.jobID = request.jobID
                    $0.held = Self.amount(held)
                }
            }
            state.holds[key] = hold
            return hold
        }
    }

    func releaseHold(request: Quad_Payments_V1_ReleaseHoldRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_PaymentIntent
    {
        _ = try context.requireIdempotencyKey()
        state.withLock { $0.releases.append(request.paymentIntentID) }
        return .with {
            $0.paymentIntentID = request.paymentIntentID; $0.status = .released
        }
    }

    func quoteLaundry(request: Quad_Payments_V1_QuoteLaundryRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_LaundryQuote
    {
        state.withLock { $0.quotes.append(request) }
        return .with {
            $0.loads = request.loads
            $0.final = true
            $0.total = Self.amount(request.machineCost.minorUnits + 1_100)
        }
    }

    private func unused(_ context: ServerContext) -> RPCError {
        RPCError(code: .unimplemented, message: "\(context.method) is not part of jobs' tests")
    }

    func holdForLaundryJob(request: Quad_Payments_V1_HoldForLaundryJobRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_LaundryHold
    { throw unused(context) }
    func getFeeSchedule(request: Quad_Payments_V1_GetFeeScheduleRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_FeeSchedule
    { throw unused(context) }
    func quoteErrand(request: Quad_Payments_V1_QuoteErrandRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_ErrandQuote
    { throw unused(context) }
    func addPaymentMethod(request: Quad_Payments_V1_AddPaymentMethodRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_PaymentMethod
    { throw unused(context) }
    func listPaymentMethods(request: Quad_Payments_V1_ListPaymentMethodsRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_ListPaymentMethodsResponse
    { throw unused(context) }
    func getBalance(request: Quad_Payments_V1_GetBalanceRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_Balance
    { throw unused(context) }
    func listLedgerEntries(request: Quad_Payments_V1_ListLedgerEntriesRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_ListLedgerEntriesResponse
    { throw unused(context) }
    func requestPayout(request: Quad_Payments_V1_RequestPayoutRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_Payout
    { throw unused(context) }
    func listPayouts(request: Quad_Payments_V1_ListPayoutsRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_ListPayoutsResponse
    { throw unused(context) }
    func transfer(request: Quad_Payments_V1_TransferRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_TransferReceipt
    { throw unused(context) }
    func householdTransfer(request: Quad_Payments_V1_HouseholdTransferRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_TransferReceipt
    { throw unused(context) }
    func getDispute(request: Quad_Payments_V1_GetDisputeRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_Dispute
    { throw unused(context) }
    func getPaymentIntent(request: Quad_Payments_V1_GetPaymentIntentRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_PaymentIntent
    { throw unused(context) }
    func resolveDispute(request: Quad_Payments_V1_ResolveDisputeRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_Dispute
    { throw unused(context) }
    func checkBooks(request: Quad_Payments_V1_CheckBooksRequest, context: ServerContext) async throws
        -> Quad_Payments_V1_TrialBalance
    { throw unused(context) }
    func deliver(request: Quad_Types_V1_OutboxDelivery, context: ServerContext) async throws
        -> Quad_Types_V1_DeliveryReceipt
    { throw unused(context) }
    func watchEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws { throw unused(context) }
}

/// One outbox message as a test reads it.
struct SentMessage: Equatable, Sendable {
    var destination: String
    var topic: String
    var key: String
}

/// identity's pickup places as jobs asks for them: every user lives in room `room-<id>` of the harness's dorm,
/// except those removed; `down` makes identity unavailable.
final class PickupPlacesDouble: PickupPlaceDirectory {
    private let state = Mutex<(unknown: Set<String>, down: Bool, asked: [String])>(([], false, []))

    static func room(of user: String) -> String { "room-\(user)" }

    func remove(_ user: String) { state.withLock { _ = $0.unknown.insert(user) } }

    func setDown(_ down: Bool) { state.withLock { $0.down = down } }

    var asked: [String] { state.withLock { $0.asked } }

    func pickupPlace(of customer: String) async throws -> JobRecord.Pickup? {
        let (unknown, down) = state.withLock { state in
            state.asked.append(customer)
            return (state.unknown.contains(customer), state.down)
        }
        if down { throw RPCError(code: .unavailable, message: "identity is down") }
        if unknown { return nil }
        return JobRecord.Pickup(firstName: customer.capitalized, dorm: JobsHarness.dorm, room: Self.room(of: customer))
    }
}

/// identity as rides asks it: each user's prompt categories (all on unless set) and dates of birth.
final class RideMembersDouble: RideMemberDirectory {
    let state = Mutex<
        (categories: [String: Set<Quad_Types_V1_PromptCategory>], births: [String: Quad_Identity_V1_Date])
    >(
        ([:], [:])
    )

    static let every: Set<Quad_Types_V1_PromptCategory> = [
        .campusLife, .food, .music, .moviesAndShows, .sports, .travel, .hypotheticals, .careers,
    ]

    func sharedPromptCategories(of users: [String]) async throws -> [Quad_Types_V1_PromptCategory] {
        let categories = state.withLock { $0.categories }
        return users.reduce(Self.every) { $0.intersection(categories[$1] ?? Self.every) }.sorted {
            $0.rawValue < $1.rawValue
        }
    }

    func dateOfBirth(of user: String) async throws -> Quad_Identity_V1_Date? {
        state.withLock { $0.births[user] }
    }
}

/// jobs in-process with the payments double, a settable clock and clients as users, matching, payments, an operator.
struct JobsHarness: Sendable {
    let server: InProcessServer
    let database: QuadDatabase
    let payments: PaymentsDouble
    let clock: TestClock
    let pickupPlaces: PickupPlacesDouble
    let documents: DocumentsDouble
    /// The errands service the harness serves, for its background work (the expiry sweep).
    let errandsService: ErrandsService
    /// identity as rides asks it.
    let members: RideMembersDouble

    static let dorm = "dorm-maple-hall"

    /// Serves jobs on a new database, or on `database` when given (a fixture opened by the test).
    static func run(database existing: QuadDatabase? = nil, _ body: @Sendable (JobsHarness) async throws -> Void)
        async throws
    {
        let payments = PaymentsDouble()
        let clock = TestClock()
        let pickupPlaces = PickupPlacesDouble()
        let documents = DocumentsDouble()
        let members = RideMembersDouble()
        let served = Mutex<ErrandsService?>(nil)
        try await InProcessServer.run(
            context: "payments",
            peers: ["jobs"],
            migrator: DatabaseMigrator(),
            makeServices: { _, _ in [payments] }
        ) { paymentsServer, _ in
            let toPayments = try paymentsServer.transport(as: .service("jobs"))
            defer { toPayments.close() }
            try await InProcessServer.run(
                context: "jobs",
                peers: ["matching", "payments", "identity", "fleet-documents"],
                migrator: JobsMigrations.migrator,
                makeServices: { database, _ in
                    [
                        JobsService(
                            database: existing ?? database,
                            payments: toPayments,
                            pickupPlaces: pickupPlaces,
                            documents: documents,
                            clock: clock.clock
                        ),
                        served.withLock { served in
                            let errands = ErrandsService(
                                database: existing ?? database,
                                payments: toPayments,
                                documents: documents,
                                clock: clock.clock
                            )
                            served = errands
                            return errands
                        },
                        RidesService(
                            database: existing ?? database,
                            payments: toPayments,
                            members: members,
                            documents: documents,
                            clock: clock.clock
                        ),
                    ]
                }
            ) { server, database in
                let database = existing ?? database
                try await body(
                    JobsHarness(
                        server: server,
                        database: database,
                        payments: payments,
                        clock: clock,
                        pickupPlaces: pickupPlaces,
                        documents: documents,
                        errandsService: try #require(served.withLock { $0 }),
                        members: members
                    )
                )
            }
        }
    }

    static func caller(_ id: String, roles: [String] = ["customer"]) -> Caller {
        Caller(userID: id, roles: roles, campusID: "campus-northfield", dormID: dorm)
    }

    /// Runs `body` with jobs' client as `user`.
    func `as`<T: Sendable>(_ user: String, _ body: (Quad_Jobs_V1_Jobs.Client) async throws -> T) async throws -> T {
        try await server.withTransport(as: .user(Self.caller(user))) {
            try await body(Quad_Jobs_V1_Jobs.Client(transport: $0))
        }
    }

    /// Runs `body` with jobs' client as another service (deliveries).
    func asService<T: Sendable>(_ name: String, _ body: (Quad_Jobs_V1_Jobs.Client) async throws -> T) async throws -> T
    {
        try await server.withTransport(as: .service(name)) { try await body(Quad_Jobs_V1_Jobs.Client(transport: $0)) }
    }

    static func options(key: String? = nil) -> CallOptions {
        var options = CallOptions(timeout: .seconds(10))
        if let key { options.metadata["idempotency-key"] = key }
        return options
    }

    /// A submission picked up in an hour of the harness's clock.
    func submission(loads: UInt32 = 2, card: String = "card-1", preferred: String = "")
        -> Quad_Jobs_V1_SubmitLaundryJobRequest
    {
        let now = clock.micros
        return .with {
            $0.estimatedLoads = loads
            $0.instructions = "Cold wash"
            $0.pickupAtMicros = now + 3_600_000_000
            $0.dropOffAtMicros = now + 6 * 3_600_000_000
            $0.addOns = [.folding]
            $0.preferredDasherID = preferred
            $0.paymentMethodID = card
        }
    }

    /// Submits a job for `customer`.
    func submit(
        _ customer: String,
        key: String = UUID().uuidString,
        _ request: Quad_Jobs_V1_SubmitLaundryJobRequest? = nil
    ) async throws -> Quad_Jobs_V1_LaundryJob {
        let request = request ?? submission()
        return try await self.as(customer) { try await $0.submitLaundryJob(request, options: Self.options(key: key)) }
    }

    /// Delivers `offer.accepted` as matching would, assigning `dasher`.
    @discardableResult
    func assign(_ jobID: String, to dasher: String, offer: Int = 1) async throws -> Bool {
        let accepted = Quad_Matching_V1_OfferAccepted.with {
            $0.offerID = "\(jobID)#\(offer)"; $0.jobID = jobID; $0.dasherID = dasher
        }
        return try await deliver(from: "matching", "offer.accepted", key: "\(jobID)#\(offer):offer.accepted", accepted)
    }

    /// Delivers a message from `source`; whether it was applied.
    func deliver(from source: String, _ topic: String, key: String, _ payload: some SwiftProtobufMessage) async throws
        -> Bool
    {
        let delivery = Quad_Types_V1_OutboxDelivery.with {
            $0.source = source
            $0.topic = topic
            $0.key = key
            $0.payload = try! payload.serializedData()
        }
        return try await asService(source) { try await $0.deliver(delivery, options: Self.options()) }.applied
    }

    /// Moves `jobID` through `stages` as `dasher`.
    func advance(_ jobID: String, by dasher: String, through stages: [Quad_Jobs_V1_LaundryStage]) async throws {
        try await self.as(dasher) { jobs in
            for stage in stages {
                _ = try await jobs.advanceStage(
                    .with {
                        $0.jobID = jobID; $0.toStage = stage
                    },
                    options: Self.options()
                )
            }
        }
    }

    /// The outbox messages still waiting (nothing delivers them in these tests).
    func outbox() async throws -> [SentMessage] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT destination, topic, key FROM quad_outbox ORDER BY id").map {
                SentMessage(destination: $0["destination"], topic: $0["topic"], key: $0["key"])
            }
        }
    }

    /// The feed events logged for `user`, as the `change` of each JobChanged.
    func feed(of user: String) async throws -> [String] {
        try await changes(of: user).map(\.change)
    }

    /// The JobChanged events logged for `user`'s feed, oldest first.
    func changes(of user: String) async throws -> [Quad_Jobs_V1_JobChanged] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT payload FROM quad_event_log WHERE user_id = ? ORDER BY sequence",
                arguments: [user]
            ).map {
                try Quad_Jobs_V1_JobChanged(serializedBytes: $0["payload"] as Data)
            }
        }
    }
}

typealias SwiftProtobufMessage = SwiftProtobuf.Message
