import Foundation
import GatewayService
import IdentityDomain
import NIOCore
import QuadContracts
import QuadDynamicMessages
import QuadWire
import QuadWireCore
import QuadWireNIO
import Testing

@testable import quad

/// Issue 17, item 3: every method the gateway routes, and its own (the home screens), called by a signed-in person with real state of her own, with
/// requests that each carry at least one bad field (empty, oversized, wrong-typed, unknown-enum, negative, NaN,
/// far-future, unicode-edge; see `BadInputRequests`). Every answer is a precise status (never UNKNOWN, INTERNAL or
/// DATA_LOSS; never a dropped connection or a service gone, which the caller sees as UNAVAILABLE), every service is
/// still running afterwards, and a method that refused every one of its bad requests changed no row of any service's
/// database (read from the outside before and after its calls).
@Suite(
    "Bad input through the gateway: precise statuses, no writes on refusals",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt)
)
struct BadInputThroughGatewayTests {
    /// Tables that change without any call or on a refused call by design, left out of the unchanged-state check;
    /// each with the reason.
    static let volatileTables: [String: String] = [
        "quad_outbox": "the relay marks events delivered in the background",
        "quad_inbox": "events of other services' earlier calls arrive in the background",
        "quad_dead_letter": "the relay's retries are recorded in the background",
        "unknown_email_login": "a refused login with an unknown email is counted to throttle guessing (identity's A2)",
    ]

    /// Statuses that are never a precise answer to a bad request.
    static let forbidden: Set<StatusCode> = [.unknown, .internal, .dataLoss, .unavailable, .cancelled]

    /// Methods that would undo the person's state if a bad value happened to be acceptable: their bad field is sent
    /// alone, without the base request's real ids.
    static let destructivePrefixes = [
        "Delete", "Dismiss", "Leave", "Logout", "Cancel", "Remove", "HandOver", "Stop", "Withdraw", "Decline", "Reject",
        "RequestPayout", "Transfer", "HouseholdTransfer", "RotateSigningKey", "ReleaseHold", "ResolveDispute",
        "SeedAccounts", "Refresh", "ReplayDeadLetter", "Backup",
    ]

    /// Methods that answer a 100 KB string with OK by design, storing nothing of it; each with the reason. Any other
    /// method that accepts one is missing a length limit.
    static let oversizedAccepted: [String: String] = [
        "quad.identity.v1.Identity/Logout": "signing out a refresh token nobody holds is done already (idempotent)",
        "quad.identity.v1.Identity/GetPublicProfiles": "a lookup by ids: an id that names nobody is left out",
        "quad.freight.v1.Freight/ListLoads": "a filter by driver: a driver id that names nobody finds no load",
        "quad.matching.v1.Matching/ListAcceptingDashers": "a filter by dorm: an unknown dorm has nobody accepting",
    ]

    /// Known bugs the suite found and that are not fixed yet, keyed by `method` or `method field-label`: each with
    /// what happens.
    static let knownIssues: [String: String] = [:]

    @Test("every routed unary method answers bad fields with a precise status and writes nothing when it refuses")
    func badInputGetsPreciseStatusesAndNoWrites() async throws {
        let pool = try DescriptorPool(files: Array(QuadProtoFiles.all.values))
        let transcoder = JSONTranscoder(pool: pool)
        let generator = BadInputRequests(pool: pool)
        let routes = Self.doorMethods.filter { $0.kind == .unary }
        #expect(routes.count >= 100, "only \(routes.count) routed unary methods: the routing table is not being read")

        try await LaundrySystem.run { system in
            let alice = try await system.registerDasher("Alice")
            let bob = try await system.register("Bob")
            let card = try await system.addCard(alice)
            let job = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: alice.options(key: "bad-input-job")
            )
            let errand = try await system.postErrand(alice, card: card)
            let ride = try await system.rides.offerRide(
                LaundrySystem.rideOffer(seats: 2),
                options: alice.options(key: "bad-input-ride")
            )
            let (carrier, load, invite) = try await ExistenceOracleTests.aliceCarrier(system, alice: alice)
            let flat = try await ExistenceOracleTests.aliceHousehold(system, alice: alice, bob: bob)
            let ids: [String: String] = [
                "household_id": flat.household, "chore_id": flat.chore, "occurrence_id": flat.occurrence,
                "completion_id": flat.completion, "reminder_id": flat.reminder, "expense_id": flat.expense,
                "bill_id": flat.bill, "request_id": flat.request, "photo_document_id": flat.photo,
                "document_id": flat.photo, "errand_id": errand.errandID, "job_id": job.jobID, "owner_id": job.jobID,
                "offer_id": ride.offerID, "payment_method_id": card, "organisation_id": carrier.organisationID,
                "load_id": load.loadID, "invite_id": invite.inviteID, "driver_id": bob.userID, "user_id": bob.userID,
                "user_ids": bob.userID, "member_ids": bob.userID, "from_user_id": bob.userID,
                "to_user_id": bob.userID, "payer_id": alice.userID, "dorm_id": alice.dormID,
                "campus_id": CampusDirectory.demo.campuses[0].id,
            ]

            let data = system.layout.data
            let excluded = try Self.excludedTables(in: data)
            var before = try DatabaseSnapshot.take(of: data, excluding: excluded)
            var statuses: [StatusCode: Int] = [:]
            var sent = 0
            var acceptedOversized: [String] = []
            var wroteOnAccepted: [String] = []
            for method in routes {
                let info = try pool.method(named: method.fullName)
                let base =
                    Self.isDestructive(method) ? [] : try Self.base(for: info.inputType, method, ids, pool, transcoder)
                var accepted: [String] = []
                for request in generator.requests(for: info.inputType, base: base) {
                    let code = await Self.call(system, method, request.bytes, as: alice)
                    sent += 1
                    statuses[code, default: 0] += 1
                    if code == .ok {
                        accepted.append(request.label)
                        if request.label.hasSuffix("100 KB") {
                            acceptedOversized.append("\(method) \(request.label)")
                            #expect(
                                Self.oversizedAccepted[method.fullName] != nil,
                                "\(method) accepted \(request.label): it needs a length limit"
                            )
                        }
                    }
                    let known =
                        Self.knownIssues[method.fullName] ?? Self.knownIssues["\(method.fullName) \(request.label)"]
                    if Self.forbidden.contains(code) {
                        withKnownIssue(Comment(rawValue: known ?? ""), isIntermittent: true) {
                            Issue.record("\(method) answered \(code) to \(request.label)")
                        } when: {
                            known != nil
                        }
                    }
                }
                let after = try DatabaseSnapshot.take(of: data, excluding: excluded)
                let changes = before.changes(to: after)
                if !changes.isEmpty {
                    if !accepted.isEmpty {
                        wroteOnAccepted.append(
                            "\(method.fullName) accepted [\(accepted.joined(separator: " | "))] and changed "
                                + changes.joined(separator: ", ")
                        )
                    } else {
                        let known = Self.knownIssues[method.fullName]
                        withKnownIssue(Comment(rawValue: known ?? ""), isIntermittent: true) {
                            Issue.record(
                                "\(method) refused every bad request yet changed \(changes.joined(separator: ", "))"
                            )
                        } when: {
                            known != nil
                        }
                    }
                }
                before = after
            }

            for service in LaundrySystem.services + ["gateway"] {
                #expect(system.isRunning(service), "\(service) is not running after the bad input")
            }
            let profile = try await system.identity.getMyProfile(.init(), options: alice.options)
            #expect(profile.userID == alice.userID)
            let counts = statuses.sorted { $0.value > $1.value }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            print(
                """
                bad input: \(routes.count) methods, \(sent) requests; statuses: \(counts)
                accepted 100 KB values (\(acceptedOversized.count)): \(acceptedOversized.joined(separator: "; "))
                methods that accepted a request and wrote (\(wroteOnAccepted.count)): \(wroteOnAccepted.joined(separator: "; "))
                """
            )
        }
    }

    /// Every method a client reaches through the gateway: those it routes to the services, and its own (the home
    /// screens, the ride request, the feed), sorted by name.
    static var doorMethods: [MethodDescriptor] {
        let own = QuadServiceCatalog.all.filter { $0.name == "quad.gateway.v1.Gateway" }.flatMap(\.methods)
        return (RoutingTable(catalog: QuadServiceCatalog.all).allRoutes.map(\.method) + own)
            .sorted { $0.fullName < $1.fullName }
    }

    /// `database.table` of every volatile table in the databases of `directory`.
    static func excludedTables(in directory: String) throws -> Set<String> {
        let databases = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
            $0.hasSuffix(".sqlite")
        }
        .map { String($0.dropLast(".sqlite".count)) }
        return Set(databases.flatMap { database in volatileTables.keys.map { "\(database).\($0)" } })
    }

    static func isDestructive(_ method: MethodDescriptor) -> Bool {
        let name = method.fullName.split(separator: "/").last.map(String.init) ?? ""
        return destructivePrefixes.contains { name.hasPrefix($0) }
    }

    /// The person's own ids for the request's id fields, and what else the method needs (as the existence oracle
    /// gives it), as binary; empty if they do not make a request of this type.
    static func base(
        for inputType: String,
        _ method: MethodDescriptor,
        _ ids: [String: String],
        _ pool: DescriptorPool,
        _ transcoder: JSONTranscoder
    ) throws -> [UInt8] {
        guard let input = pool.message(named: inputType) else { return [] }
        var members: [String] = []
        for field in input.fields where field.kind == .string {
            guard let id = ids[field.name] else { continue }
            members.append(field.isRepeated ? "\"\(field.name)\": [\"\(id)\"]" : "\"\(field.name)\": \"\(id)\"")
        }
        if let others = ExistenceOracleTests.otherFields[method.fullName] { members.append(others) }
        return (try? Array(transcoder.binary(fromJSON: "{\(members.joined(separator: ", "))}", messageType: inputType)))
            ?? []
    }

    /// The call's status (OK when it succeeded; UNAVAILABLE when the connection dropped).
    private static func call(_ system: LaundrySystem, _ method: MethodDescriptor, _ bytes: [UInt8], as person: Person)
        async -> StatusCode
    {
        do {
            _ = try await system.gateway.unary(
                method,
                request: ByteBuffer(bytes: bytes),
                options: person.options(key: UUID().uuidString)
            )
            return .ok
        } catch let error as RPCError {
            return error.code
        } catch {
            Issue.record("\(method) threw \(error)")
            return .unavailable
        }
    }
}
