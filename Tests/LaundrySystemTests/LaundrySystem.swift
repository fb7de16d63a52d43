import Foundation
import QuadToolKit
import IdentityDomain
import QuadCertificates
import QuadContracts
import QuadWire
import QuadWireNIO
import ServiceTestSupport
import Synchronization
import Testing

@testable import quad

/// Quad's laundry product as `quad up` runs it: identity, payments, matching, jobs and the
/// gateway as separate processes from the build directory, in a temporary directory, driven
/// through the gateway like the apps. Services may be killed and restarted (on the same port,
/// so the gateway's upstream stays valid) for the fault tests.
final class LaundrySystem: Sendable {
    static let services = ["identity", "payments", "matching", "jobs", "fleet-documents", "households"]
    static var isBuilt: Bool { (services + ["gateway"]).allSatisfy { BuildProducts.exists("quad-\($0)") } }

    let layout: UpLayout
    let cluster: LocalCluster
    let certificates: DevCertificateSet
    /// The latest process of each service and its RPC port.
    private let members = Mutex<[String: LocalCluster.Member]>([:])
    private let extraProcesses = Mutex<[ServiceProcess]>([])
    let gateway: QuadClient
    /// Each service's own flags (e.g. matching's `--offer-timeout`), also on restart.
    let arguments: [String: [String]]

    private init(
        layout: UpLayout,
        cluster: LocalCluster,
        certificates: DevCertificateSet,
        gateway: QuadClient,
        arguments: [String: [String]]
    ) {
        self.layout = layout
        self.cluster = cluster
        self.certificates = certificates
        self.gateway = gateway
        self.arguments = arguments
    }

    /// Starts everything (each service with its flags in `arguments`), runs `body`, stops everything and removes
    /// the directory.
    static func run<T: Sendable>(arguments: [String: [String]] = [:], _ body: (LaundrySystem) async throws -> T)
        async throws -> T
    {
        let directory = NSTemporaryDirectory() + "quad-laundry-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let layout = UpLayout(directory: directory)
        try layout.createDirectories()
        let certificates = try DevCertificateSet.ensure(directory: layout.certificates, services: ServiceCatalog.all)
        let cluster = LocalCluster(readyTimeout: .seconds(60), stopTimeout: .seconds(10))
        var started: [String: LocalCluster.Member] = [:]
        do {
            for service in services {
                started[service] = try await cluster.start(
                    launch(service, layout: layout, extra: arguments[service] ?? [])
                )
            }
            let upstreams = services.map { "\($0)=\(started[$0]!.ready.rpc)" }.joined(separator: ",")
            // Every test user calls from 127.0.0.1, so the per-address and per-user limits (tested in the
            // gateway's own tests) are opened wide here, and so are the admission and concurrency
            // limits (likewise tested there), so that a hundred dashers asking at once reach matching at once.
            let open = [
                "--rate-registration", "1000/s:1000", "--rate-login", "1000/s:1000", "--rate-per-address",
                "100000/s:100000",
                "--rate-per-user", "100000/s:100000",
                "--admission", "false", "--concurrency-initial", "128", "--concurrency-max", "512",
            ]
            let gatewayMember = try await cluster.start(
                launch("gateway", layout: layout, extra: ["--upstreams", upstreams] + open)
            )
            started["gateway"] = gatewayMember
        } catch {
            await cluster.stopAll()
            throw error
        }
        let address = try #require(HostPort(parsing: started["gateway"]!.ready.rpc))
        let client = QuadClient(
            host: address.host,
            port: address.port,
            tls: try .client(trustRootsPEM: certificates.caPath, serverName: "gateway")
        )
        let system = LaundrySystem(
            layout: layout,
            cluster: cluster,
            certificates: certificates,
            gateway: client,
            arguments: arguments
        )
        system.members.withLock { $0 = started }
        do {
            let result = try await body(system)
            await system.stop()
            return result
        } catch {
            let logs = services.map { service in
                "\(service):\n" + system.logTail(service).map { "  | \($0)" }.joined(separator: "\n")
            }
            Issue.record("the end of the services' logs:\n\(logs.joined(separator: "\n"))")
            await system.stop()
            throw error
        }
    }

    private func stop() async {
        gateway.close()
        await cluster.stopAll()
        for process in extraProcesses.withLock({ $0 }) where process.isRunning {
            process.send(SIGKILL)
            _ = await process.waitForExit(timeout: .seconds(10))
        }
    }

    private static func launch(_ service: String, layout: UpLayout, extra: [String] = []) -> ServiceProcess.Launch {
        // A cheap password hash keeps registrations quick; the sweep runs often so tests see it.
        let own: [String] = service == "identity" ? ["--password-cost", "10"] : []
        return layout.launch(
            service: service,
            executable: BuildProducts.path("quad-\(service)"),
            extraArguments: own + extra
        )
    }

    /// The last lines of `service`'s log.
    func logTail(_ service: String) -> [String] {
        members.withLock { $0[service] }?.process.logTail(lines: 15) ?? []
    }

    /// Whether the latest process of `service` (or `gateway`) is still running.
    func isRunning(_ service: String) -> Bool {
        members.withLock { $0[service] }?.process.isRunning ?? false
    }

    /// Kills `service` at once (SIGKILL: no drain, no goodbye).
    func kill(_ service: String) async {
        guard let member = members.withLock({ $0[service] }) else { return }
        member.process.send(SIGKILL)
        _ = await member.process.waitForExit(timeout: .seconds(10))
    }

    /// Asks `service` to stop (SIGTERM: it drains, then exits); true when it exited within `timeout`.
    func terminate(_ service: String, within timeout: Duration) async -> Bool {
        guard let member = members.withLock({ $0[service] }) else { return false }
        member.process.send(SIGTERM)
        return await member.process.waitForExit(timeout: timeout)
    }

    /// Starts `service` again on the port it had, and waits until it is ready.
    func restart(_ service: String) async throws {
        let old = try #require(members.withLock { $0[service] })
        let port = try #require(HostPort(parsing: old.ready.rpc)).port
        let launch = Self.launch(
            service,
            layout: layout,
            extra: (arguments[service] ?? []) + ["--rpc-port", "\(port)"]
        )
        let process = try ServiceProcess.start(launch)
        extraProcesses.withLock { $0.append(process) }
        switch try await process.waitUntilReady(timeout: .seconds(60)) {
        case .ready(let ready):
            members.withLock { $0[service] = LocalCluster.Member(process: process, ready: ready) }
        case .exited(let status):
            Issue.record("\(service) exited with \(status) on restart: \(process.logTail().joined(separator: "\n"))")
            throw CancellationError()
        case .timedOut:
            Issue.record("\(service) was not ready after restart")
            throw CancellationError()
        }
    }

    /// A client of the gateway from another address of the loopback network (`127.0.0.2`, say), as another
    /// device would call; close it.
    func gatewayClient(from localAddress: String) throws -> QuadClient {
        let member = try #require(members.withLock { $0["gateway"] })
        let address = try #require(HostPort(parsing: member.ready.rpc))
        var configuration = ClientConfiguration.defaults
        configuration.localAddress = localAddress
        return QuadClient(
            host: address.host,
            port: address.port,
            tls: try .client(trustRootsPEM: certificates.caPath, serverName: "gateway"),
            configuration: configuration
        )
    }

    /// `quad certs --rotate` against this system: re-issues every certificate from the CA, writes the endpoints
    /// file `quad up` would (with each process's pid), signals every process and waits for its new certificate.
    func rotateCertificates() async throws -> [CertificateRotation.Reload] {
        _ = try DevCertificateSet.ensure(directory: layout.certificates, services: ServiceCatalog.all, reissue: true)
        let file = EndpointsFile(
            ca: certificates.caPath,
            clientCertificate: certificates.clientCertificatePath,
            clientKey: certificates.clientKeyPath,
            ready: members.withLock { $0.values.map(\.ready) }
        )
        try file.write(path: layout.endpoints)
        return try await CertificateRotation(certificates: certificates, endpointsPath: layout.endpoints)
            .reloadRunning()
    }

    /// A client of `service` directly, as an operator (the CLI's client certificate); close it.
    func operatorClient(_ service: String) throws -> QuadClient {
        let member = try #require(members.withLock { $0[service] })
        let address = try #require(HostPort(parsing: member.ready.rpc))
        return QuadClient(
            host: address.host,
            port: address.port,
            tls: try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.clientCertificatePath,
                privateKeyPEM: certificates.clientKeyPath,
                serverName: service
            )
        )
    }

    // MARK: Clients through the gateway

    var identity: Quad_Identity_V1_Identity.Client { .init(transport: gateway) }
    var jobs: Quad_Jobs_V1_Jobs.Client { .init(transport: gateway) }
    var matching: Quad_Matching_V1_Matching.Client { .init(transport: gateway) }
    var payments: Quad_Payments_V1_Payments.Client { .init(transport: gateway) }
    var home: Quad_Gateway_V1_Gateway.Client { .init(transport: gateway) }
    var documents: Quad_Documents_V1_Documents.Client { .init(transport: gateway) }
    var freight: Quad_Freight_V1_Freight.Client { .init(transport: gateway) }
}

/// A signed-in person of the demo campus, calling through the gateway.
struct Person: Sendable {
    var userID: String
    var accessToken: String
    var dormID: String

    var options: CallOptions {
        CallOptions(timeout: .seconds(20), metadata: ["authorization": "Bearer \(accessToken)"])
    }

    /// With an `idempotency-key`.
    func options(key: String) -> CallOptions {
        var options = self.options
        options.metadata["idempotency-key"] = key
        return options
    }
}

extension LaundrySystem {
    /// Registers someone on the demo campus, in the given dorm (the campus's first by default) and room.
    func register(
        _ name: String,
        dormIndex: Int = 0,
        room: String = "101",
        born: (year: Int32, month: Int32, day: Int32) = (2004, 5, 17)
    ) async throws -> Person {
        let campus = CampusDirectory.demo.campuses[0]
        let dorm = campus.dorms[dormIndex]
        let answer = try await identity.register(
            .with {
                $0.email = "\(name.lowercased())-\(UUID().uuidString.prefix(8).lowercased())@\(campus.emailDomains[0])"
                $0.password = "correct horse battery"
                $0.firstName = name
                $0.lastName = "Tester"
                $0.gender = .preferNotToSay
                $0.campusID = campus.id
                $0.dormID = dorm.id
                $0.room = room
                $0.dateOfBirth = .with {
                    $0.year = born.year; $0.month = born.month; $0.day = born.day
                }
            },
            options: CallOptions(timeout: .seconds(20))
        )
        return Person(userID: answer.profile.userID, accessToken: answer.session.accessToken, dormID: dorm.id)
    }

    /// Registers someone, passes the dasher quiz and signs in again, so the token carries the role.
    func registerDasher(_ name: String, dormIndex: Int = 0) async throws -> Person {
        var person = try await register(name, dormIndex: dormIndex)
        let answers = DasherQuiz.standard.questions.map { question in
            Quad_Identity_V1_QuizAnswer.with {
                $0.questionID = question.id; $0.choiceIndex = UInt32(question.correctChoice)
            }
        }
        let graded = try await identity.submitDasherQuiz(.with { $0.answers = answers }, options: person.options)
        #expect(graded.passed)
        let refreshed = try await identity.getMyProfile(.init(), options: person.options)
        #expect(refreshed.roles.contains(.dasher))
        person.accessToken = try await signInAgain(person)
        return person
    }

    /// A new access token for `person` (through refresh is not possible without the refresh
    /// token, so by logging in with the email the profile names).
    private func signInAgain(_ person: Person) async throws -> String {
        let profile = try await identity.getMyProfile(.init(), options: person.options)
        let session = try await identity.login(
            .with {
                $0.email = profile.email; $0.password = "correct horse battery"
            },
            options: CallOptions(timeout: .seconds(20))
        )
        return session.session.accessToken
    }

    /// Adds a sandbox payment method and returns its id.
    func addCard(_ person: Person, token: String = "tok_sandbox_visa") async throws -> String {
        try await payments.addPaymentMethod(
            .with {
                $0.token = token; $0.label = "Apple Pay"
            },
            options: person.options
        ).paymentMethodID
    }

    /// A submission for `loads` loads, picked up in an hour.
    static func submission(loads: UInt32 = 2, card: String, preferred: String = "")
        -> Quad_Jobs_V1_SubmitLaundryJobRequest
    {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        return .with {
            $0.estimatedLoads = loads
            $0.instructions = "Cold wash, please"
            $0.pickupAtMicros = now + 3_600_000_000
            $0.dropOffAtMicros = now + 6 * 3_600_000_000
            $0.addOns = [.folding]
            $0.preferredDasherID = preferred
            $0.paymentMethodID = card
        }
    }

    /// Asks until `condition` holds for what `read` returns (another process's state: polled, at most
    /// `timeout`), and returns the last value read. The default minute is for CI's 2 cores running
    /// every suite at once, where outboxes deliver slowly; on an idle machine these take well under a second.
    func eventually<T: Sendable>(
        _ what: String,
        timeout: Duration = .seconds(60),
        _ read: () async throws -> T,
        until condition: (T) -> Bool
    ) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        var last = try await read()
        while !condition(last) {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what); last seen: \(last)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(50))
            last = try await read()
        }
        return last
    }

    /// Runs `job` from waiting to paid: `dasher` takes its offer, moves every stage, reports two loads at 6.50, drops
    /// it off, and the customer sees it paid. The job must be the oldest waiting one `dasher` may take.
    func runToPaid(_ job: String, customer: Person, dasher: Person) async throws {
        let offer = try await offer(for: dasher)
        #expect(offer.jobID == job)
        _ = try await matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: dasher.options)
        _ = try await eventually(
            "the job assigned",
            { try await jobs.getLaundryJob(.with { $0.jobID = job }, options: customer.options) },
            until: { $0.dasherID == dasher.userID }
        )
        for stage in [Quad_Jobs_V1_LaundryStage.onTheWayForPickup, .pickedUp, .inWasher, .finishedWashing, .inDryer] {
            _ = try await jobs.advanceStage(
                .with {
                    $0.jobID = job; $0.toStage = stage
                },
                options: dasher.options
            )
        }
        _ = try await jobs.reportDrying(
            .with {
                $0.jobID = job; $0.actualLoads = 2;
                $0.machineCost = .with {
                    $0.minorUnits = 650; $0.currency = "USD"
                }
            },
            options: dasher.options
        )
        _ = try await jobs.advanceStage(
            .with {
                $0.jobID = job; $0.toStage = .onTheWayForDropOff
            },
            options: dasher.options
        )
        _ = try await jobs.advanceStage(
            .with {
                $0.jobID = job; $0.toStage = .droppedOff
            },
            options: dasher.options
        )
        _ = try await eventually(
            "the job paid",
            { try await jobs.getLaundryJob(.with { $0.jobID = job }, options: customer.options) },
            until: { $0.paymentState == .paid }
        )
    }

    /// The dasher's offer once matching has one for them (the job reaches matching through jobs' outbox).
    func offer(for dasher: Person) async throws -> Quad_Matching_V1_Offer {
        try await eventually(
            "an offer for the dasher",
            { try await matching.assignMe(.init(), options: dasher.options) },
            until: \.hasOffer
        ).offer
    }
}
