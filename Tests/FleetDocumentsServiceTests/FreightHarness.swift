import FleetDocumentsService
import Foundation
import GRDB
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadTestSupport
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Synchronization
import Testing

/// identity's emails as fleet-documents sees them: each test user's address, by user id.
struct EmailsDouble: AccountEmails {
    let emails: [String: String]

    func email(of user: String) async throws -> String? { emails[user] }
}

/// fleet-documents with its document store and freight in-process, on one database, a clock the tests move, and
/// ``EmailsDouble``: `<user>@carrier.test` for every user but `nobody`.
struct FreightHarness: Sendable {
    let server: InProcessServer
    let database: QuadDatabase
    let clock: TestClock
    let documents: DocumentsHarness
    let positions: PositionsService

    static let emails = EmailsDouble(
        emails: Dictionary(
            uniqueKeysWithValues: ["dora", "dan", "drew", "erin", "eve", "fay", "ola", "oscar"].map {
                ($0, "\($0)@carrier.test")
            }
        )
    )

    static func run(_ body: @Sendable (FreightHarness) async throws -> Void) async throws {
        let clock = TestClock()
        let made = Mutex<DocumentsService?>(nil)
        let madePositions = Mutex<PositionsService?>(nil)
        try await InProcessServer.run(
            context: "fleet-documents",
            peers: ["jobs", "identity"],
            migrator: FleetDocumentsMigrations.migrator,
            makeServices: { database, certificates in
                let directory = (certificates.directory as NSString).deletingLastPathComponent
                let documents = try DocumentsService(
                    database: database,
                    blobDirectory: directory + "/blobs",
                    owners: DocumentsHarness.owners,
                    clock: clock.clock
                )
                made.withLock { $0 = documents }
                let freight = FreightService(documents: documents, emails: Self.emails, clock: clock.clock)
                let positions = PositionsService(documents: documents, clock: clock.clock)
                madePositions.withLock { $0 = positions }
                return [documents, freight, positions]
            }
        ) { server, database in
            try await body(
                FreightHarness(
                    server: server,
                    database: database,
                    clock: clock,
                    documents: DocumentsHarness(
                        server: server,
                        database: database,
                        blobDirectory: server.directory + "/blobs",
                        owners: DocumentsHarness.owners,
                        documents: try #require(made.withLock { $0 })
                    ),
                    positions: try #require(madePositions.withLock { $0 })
                )
            )
        }
    }

    /// Runs `body` with freight's client as `user`.
    func `as`<T: Sendable>(_ user: String, _ body: (Quad_Freight_V1_Freight.Client) async throws -> T)
        async throws -> T
    {
        try await server.withTransport(as: .user(DocumentsHarness.user(user))) { transport in
            try await body(Quad_Freight_V1_Freight.Client(transport: transport))
        }
    }

    /// A new organisation of `dispatcher`; returns its id.
    func organisation(_ name: String = "Northwind Haulage", by dispatcher: String = "dora") async throws -> String {
        try await self.as(dispatcher) { try await $0.createOrganisation(.with { $0.name = name }) }.organisationID
    }

    /// `dispatcher` invites `user` (their email, `user@carrier.test`) to `organisation` as `role`.
    func invite(
        _ user: String,
        to organisation: String,
        as role: Quad_Freight_V1_MemberRole = .driver,
        by dispatcher: String = "dora"
    ) async throws -> Quad_Freight_V1_Invite {
        try await self.as(dispatcher) { freight in
            try await freight.inviteMember(
                .with {
                    $0.organisationID = organisation
                    $0.email = "\(user)@carrier.test"
                    $0.role = role
                }
            )
        }
    }

    /// `user` joins `organisation` as `role`: invited by `dispatcher`, accepted.
    func join(
        _ user: String,
        _ organisation: String,
        as role: Quad_Freight_V1_MemberRole = .driver,
        invitedBy dispatcher: String = "dora"
    ) async throws {
        let invite = try await invite(user, to: organisation, as: role, by: dispatcher)
        _ = try await self.as(user) { try await $0.acceptInvite(.with { $0.inviteID = invite.inviteID }) }
    }

    static func stop(_ address: String, _ latitude: Double, _ longitude: Double) -> Quad_Freight_V1_Stop {
        .with {
            $0.address = address
            $0.coordinate = .with {
                $0.latitude = latitude
                $0.longitude = longitude
            }
        }
    }

    static func loadRequest(_ organisation: String, number: String = "L-100") -> Quad_Freight_V1_CreateLoadRequest {
        .with {
            $0.organisationID = organisation
            $0.number = number
            $0.pickup = stop("1 Dock Road, Tilbury", 51.4627, 0.3570)
            $0.dropOff = stop("9 Mill Lane, Leeds", 53.7997, -1.5492)
            $0.cargo = "20 pallets of tiles"
            $0.client = "Tile & Co"
            $0.estimatedDeliveryAtMicros = TestClock.defaultStart + 86_400_000_000
        }
    }

    /// A new load of `organisation` by `dispatcher`.
    func load(_ organisation: String, number: String = "L-100", by dispatcher: String = "dora") async throws
        -> Quad_Freight_V1_Load
    {
        try await self.as(dispatcher) { try await $0.createLoad(Self.loadRequest(organisation, number: number)) }
    }

    /// The outbox's carrier_role.granted messages: destination and event.
    func rolesSent() async throws -> [(String, Quad_Freight_V1_CarrierRoleGranted)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT destination, payload FROM quad_outbox WHERE topic = 'carrier_role.granted' ORDER BY id"
            ).map {
                ($0["destination"], try Quad_Freight_V1_CarrierRoleGranted(serializedBytes: $0["payload"] as Data))
            }
        }
    }

    /// The feed's LoadChanged events: whose, and the event.
    func feed() async throws -> [(String, Quad_Freight_V1_LoadChanged)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT user_id, type, payload FROM quad_event_log ORDER BY sequence"
            ).filter { ($0["type"] as String) == Quad_Freight_V1_LoadChanged.protoMessageName }
                .map { ($0["user_id"], try Quad_Freight_V1_LoadChanged(serializedBytes: $0["payload"] as Data)) }
        }
    }
}
