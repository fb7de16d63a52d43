import FleetDocumentsService
import Foundation
import GRDB
import HouseholdsService
import IdentityService
import JobsService
import Logging
import MatchingService
import PaymentsProviders
import PaymentsService
import PaymentsStore
public import QuadCertificates
import QuadKernel
import QuadServiceKit
import QuadStorage
public import QuadWire
public import QuadWireInProcess
import QuadWireNIO

/// Every Quad service in one process, each on its own migrated database in a temporary directory (on tmpfs,
/// /dev/shm, where there is one), each behind an ``InProcessTransport`` with the interceptor its executable uses, and
/// wired to the others as the executables are (`Services/<Context>/main`): each peer is the real service, called
/// in-process with the caller's service certificate. Built once per process and shared by every input.
public final class FuzzSystem: Sendable {
    /// The contexts, in the order their ``ServiceFuzzTarget``s are numbered.
    public static let contexts = ["identity", "jobs", "matching", "payments", "households", "fleet-documents"]

    public let directory: String
    public let certificates: DevCertificateSet
    /// Each context's transport.
    public let transports: [String: InProcessTransport]
    /// Each context's services, as its transport serves them.
    public let services: [String: [any QuadService]]
    /// The people who call, registered when the system started.
    public let people: FuzzPeople
    /// Each context's port on 127.0.0.1 (mutual TLS), in a system made ``withSockets()``; empty otherwise.
    public let ports: [String: Int]
    /// The clock every service (and the gateway in front of them) is given: ``clock()``.
    let clock: QuadClock

    /// Where the system's clock starts: 2030-01-07T09:00:00Z, in microseconds.
    public static let epochMicros: Int64 = 1_894_006_800_000_000

    /// A clock that starts at ``epochMicros`` when made and runs at the machine's pace, so a seed's instants (a
    /// laundry pickup a day after it, a ride leaving in five days) mean the same on any day the fuzzer runs, for the
    /// first day of a run.
    static func clock() -> QuadClock {
        let system = QuadClock.system()
        return QuadClock(
            micros: {
                let (seconds, attoseconds) = system.elapsed().components
                return epochMicros + seconds * 1_000_000 + attoseconds / 1_000_000_000_000
            },
            elapsed: system.elapsed,
            sleep: system.sleep
        )
    }

    /// The in-process system of this process, made on first use.
    public static func shared() async throws -> FuzzSystem {
        try await sharedSystem.value
    }

    /// A system whose services also listen on loopback with mutual TLS, for the gateway to dial; made on first use.
    public static func withSockets() async throws -> FuzzSystem {
        try await socketSystem.value
    }

    private static let sharedSystem = Task { try await FuzzSystem.make(sockets: false) }
    private static let socketSystem = Task { try await FuzzSystem.make(sockets: true) }

    private init(
        directory: String,
        certificates: DevCertificateSet,
        transports: [String: InProcessTransport],
        services: [String: [any QuadService]],
        people: FuzzPeople,
        ports: [String: Int],
        clock: QuadClock
    ) {
        self.ports = ports
        self.clock = clock
        self.directory = directory
        self.certificates = certificates
        self.transports = transports
        self.services = services
        self.people = people
    }

    /// A client of `context` as `peer`.
    public func client(of context: String, as peer: PeerInfo) -> InProcessClient {
        transports[context]!.client(peer: peer)
    }

    /// The peer info of a caller presenting `service`'s certificate (`gateway` for the gateway).
    public func peerInfo(presenting service: String) throws -> PeerInfo {
        try PeerInfo(address: "in-process", certificatePEMFile: certificates.certificatePath(service: service))
    }

    /// The peer info of an operator (the CLI's client certificate).
    public func operatorInfo() throws -> PeerInfo {
        try PeerInfo(address: "in-process", certificatePEMFile: certificates.clientCertificatePath)
    }

    private static func make(sockets: Bool) async throws -> FuzzSystem {
        let directory = try FuzzDirectory.make()
        let certificates = try DevCertificateSet.ensure(
            directory: directory + "/certs",
            services: contexts + ["gateway"]
        )
        let logger = Logger(label: "quad.fuzz", factory: { _ in SwiftLogNoOpLogHandler() })
        let clock = Self.clock()
        func database(_ name: String, _ migrator: DatabaseMigrator) throws -> QuadDatabase {
            try QuadDatabase(configuration: .defaults(path: "\(directory)/\(name).sqlite"), migrator: migrator)
        }
        // links[from][to]: how `from` reaches `to`.
        var links: [String: [String: PeerLink]] = [:]
        func link(_ from: String, _ to: String) -> PeerLink {
            if let existing = links[from]?[to] { return existing }
            let made = PeerLink()
            links[from, default: [:]][to] = made
            return made
        }

        var identityConfiguration = IdentityConfiguration()
        identityConfiguration.passwordParameters.logN = 10
        // Tokens made at the start serve a whole campaign.
        identityConfiguration.accessTokenLifetime = .seconds(7 * 86_400)
        let identity = try await IdentityService(
            database: try database("identity", IdentityMigrations.migrator),
            configuration: identityConfiguration,
            keyEncryptionKey: try KeyEncryptionKey.load(configured: "", directory: certificates.directory),
            clock: clock
        )

        let jobsDatabase = try database("jobs", JobsMigrations.migrator)
        let jobs = JobsService(
            database: jobsDatabase,
            payments: link("jobs", "payments"),
            pickupPlaces: IdentityPickupPlaces(transport: link("jobs", "identity")),
            documents: FleetDocumentsDirectory(transport: link("jobs", "fleet-documents")),
            clock: clock
        )
        let errands = ErrandsService(
            database: jobsDatabase,
            payments: link("jobs", "payments"),
            documents: FleetDocumentsDirectory(transport: link("jobs", "fleet-documents")),
            clock: clock
        )
        let rides = RidesService(
            database: jobsDatabase,
            payments: link("jobs", "payments"),
            members: IdentityRideMembers(transport: link("jobs", "identity")),
            documents: FleetDocumentsDirectory(transport: link("jobs", "fleet-documents")),
            clock: clock
        )

        let matching = MatchingService(
            database: try database("matching", MatchingMigrations.migrator),
            profiles: IdentityDasherProfiles(transport: link("matching", "identity"), timeout: .seconds(2)),
            logger: logger,
            clock: clock
        )
        let rideSearch = RideSearchService(beside: matching)

        let payments = PaymentsService(
            database: try database("payments", PaymentsMigrations.migrator),
            provider: SandboxPaymentProvider(clock: clock),
            directory: IdentityDormDirectory(
                transport: link("payments", "identity"),
                refreshInterval: 300_000_000,
                clock: clock
            ),
            jobs: JobsStatusClient(transport: link("payments", "jobs")),
            users: IdentityUserDirectory(transport: link("payments", "identity")),
            logger: logger,
            clock: clock
        )

        let householdsDatabase = try database("households", HouseholdsMigrations.migrator)
        let households = HouseholdsService(
            database: householdsDatabase,
            identity: PeerIdentityDirectory(identity: link("households", "identity")),
            clock: clock
        )
        let chores = ChoresService(
            database: householdsDatabase,
            documents: FleetDocumentsDirectory(transport: link("households", "fleet-documents")),
            clock: clock
        )
        let expenses = ExpensesService(
            database: householdsDatabase,
            documents: FleetDocumentsDirectory(transport: link("households", "fleet-documents")),
            payments: PeerSettlementPayments(payments: link("households", "payments")),
            clock: clock,
            logger: logger
        )

        let documents = try DocumentsService(
            database: try database("fleet-documents", FleetDocumentsMigrations.migrator),
            blobDirectory: directory + "/fleet-documents-blobs",
            owners: PeerDocumentOwners(
                identity: link("fleet-documents", "identity"),
                jobs: link("fleet-documents", "jobs"),
                households: link("fleet-documents", "households")
            ),
            clock: clock
        )
        let freight = FreightService(
            documents: documents,
            emails: PeerAccountEmails(identity: link("fleet-documents", "identity")),
            clock: clock
        )
        let positions = PositionsService(documents: documents, clock: clock)

        let services: [String: [any QuadService]] = [
            "identity": [identity],
            "jobs": [jobs, errands, rides],
            "matching": [matching, rideSearch],
            "payments": [payments],
            "households": [households, chores, expenses],
            "fleet-documents": [documents, freight, positions],
        ]
        var transports: [String: InProcessTransport] = [:]
        var ports: [String: Int] = [:]
        for (context, served) in services {
            let interceptor =
                context == "identity"
                ? CallerIdentityInterceptor(verifyBearer: { try identity.verifyBearer($0) })
                : CallerIdentityInterceptor()
            let transport = InProcessTransport(services: served, interceptor: interceptor, logger: logger)
            transports[context] = transport
            Task.detached { await transport.run() }
            if sockets {
                let server = QuadServer(
                    configuration: ServerConfiguration(
                        tls: try .mutualTLSServer(
                            certificateChainPEM: certificates.certificatePath(service: context),
                            privateKeyPEM: certificates.keyPath(service: context),
                            trustRootsPEM: certificates.caPath
                        )
                    ),
                    services: served,
                    interceptor: interceptor,
                    logger: logger
                )
                Task.detached { try await server.run() }
                ports[context] = try await server.listeningPort()
            }
        }
        for (from, tos) in links {
            let info = try PeerInfo(
                address: "in-process",
                certificatePEMFile: certificates.certificatePath(service: from)
            )
            for (to, peerLink) in tos { peerLink.connect(transports[to]!.client(peer: info)) }
        }
        let gateway = try PeerInfo(
            address: "in-process",
            certificatePEMFile: certificates.certificatePath(service: "gateway")
        )
        let people = try await FuzzPeople.seed { context in transports[context]!.client(peer: gateway) }
        return FuzzSystem(
            directory: directory,
            certificates: certificates,
            transports: transports,
            services: services,
            people: people,
            ports: ports,
            clock: clock
        )
    }
}
