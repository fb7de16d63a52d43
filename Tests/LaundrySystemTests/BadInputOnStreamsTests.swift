import Foundation
import NIOCore
import QuadContracts
import QuadDynamicMessages
import QuadWire
import QuadWireCore
import SwiftProtobuf
import Testing

@testable import quad

/// Issue 17, item 3, the streaming half of `BadInputThroughGatewayTests`: every streaming method a client reaches
/// through the gateway (its own feed; document upload and download and freight's live positions, routed), called by a signed-in person with real state
/// of her own, with the same bad fields. A server-streaming call carries the bad request in its CallStart; an upload
/// sends it as its only message, and again after a good first message (the metadata of a profile picture), so a bad
/// chunk is tried where chunks belong. Every answer is a precise status, every service still runs, and a method that
/// refused every bad request changed no row of any database.
@Suite(
    "Bad input on the gateway's streams: precise statuses, no writes on refusals",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt)
)
struct BadInputOnStreamsTests {
    @Test("every routed streaming method answers bad fields with a precise status and writes nothing when it refuses")
    func badInputOnStreams() async throws {
        let pool = try DescriptorPool(files: Array(QuadProtoFiles.all.values))
        let transcoder = JSONTranscoder(pool: pool)
        let generator = BadInputRequests(pool: pool)
        let routes = BadInputThroughGatewayTests.doorMethods.filter { $0.kind != .unary }
        let names = Set(routes.map(\.fullName))
        for expected in [
            "quad.gateway.v1.Gateway/Subscribe", "quad.documents.v1.Documents/Upload",
            "quad.documents.v1.Documents/Download", "quad.freight.v1.Positions/WatchPositions",
        ] {
            #expect(names.contains(expected), "\(expected) is not among the routed streaming methods \(names.sorted())")
        }

        try await LaundrySystem.run { system in
            let alice = try await system.registerDasher("Alice")
            let bob = try await system.register("Bob")
            let (carrier, load, _) = try await ExistenceOracleTests.aliceCarrier(system, alice: alice)
            let flat = try await ExistenceOracleTests.aliceHousehold(system, alice: alice, bob: bob)
            let ids: [String: String] = [
                "document_id": flat.photo, "organisation_id": carrier.organisationID, "load_id": load.loadID,
                "household_id": flat.household, "user_id": alice.userID,
            ]
            // A good first message for an upload: her own profile picture's metadata.
            let metadata =
                try Quad_Documents_V1_UploadRequest.with {
                    $0.metadata = .with {
                        $0.ownerKind = .profile
                        $0.ownerID = alice.userID
                        $0.purpose = .profilePicture
                        $0.fileName = "alice.png"
                        $0.declaredType = .png
                    }
                }.serializedBytes() as [UInt8]

            let data = system.layout.data
            let excluded = try BadInputThroughGatewayTests.excludedTables(in: data)
            var before = try DatabaseSnapshot.take(of: data, excluding: excluded)
            var statuses: [StatusCode: Int] = [:]
            var sent = 0
            for method in routes {
                let info = try pool.method(named: method.fullName)
                let base =
                    BadInputThroughGatewayTests.isDestructive(method)
                    ? [] : try BadInputThroughGatewayTests.base(for: info.inputType, method, ids, pool, transcoder)
                var accepted: [String] = []
                for request in generator.requests(for: info.inputType, base: base) {
                    var sequences: [(String, [[UInt8]])] = [(request.label, [request.bytes])]
                    if method.kind == .clientStreaming {
                        sequences.append(("after good metadata, \(request.label)", [metadata, request.bytes]))
                    }
                    for (label, messages) in sequences {
                        let code = await Self.call(system, method, messages, as: alice)
                        sent += 1
                        statuses[code, default: 0] += 1
                        if code == .ok || code == .deadlineExceeded { accepted.append(label) }
                        if BadInputThroughGatewayTests.forbidden.contains(code) {
                            Issue.record("\(method) answered \(code) to \(label)")
                        }
                    }
                }
                let after = try DatabaseSnapshot.take(of: data, excluding: excluded)
                let changes = before.changes(to: after)
                if !changes.isEmpty && accepted.isEmpty {
                    Issue.record("\(method) refused every bad request yet changed \(changes.joined(separator: ", "))")
                }
                before = after
            }

            for service in LaundrySystem.services + ["gateway"] {
                #expect(system.isRunning(service), "\(service) is not running after the bad input")
            }
            // Her feed still opens, and the picture she may upload still uploads.
            let profile = try await system.identity.getMyProfile(.init(), options: alice.options)
            #expect(profile.userID == alice.userID)
            let counts = statuses.sorted { $0.value > $1.value }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            print("bad input on streams: \(routes.count) methods, \(sent) calls; statuses: \(counts)")
            #expect(sent > 80)
        }
    }

    /// The call's status: OK when the server's first message came or the call ended OK, DEADLINE_EXCEEDED when it
    /// accepted the call and said nothing for 5 s, the error's code when it refused, UNAVAILABLE when the connection
    /// dropped.
    private static func call(
        _ system: LaundrySystem,
        _ method: MethodDescriptor,
        _ messages: [[UInt8]],
        as person: Person
    ) async -> StatusCode {
        var options = person.options(key: UUID().uuidString)
        options.timeout = .seconds(5)
        let clientStreams = method.kind == .clientStreaming || method.kind == .bidirectionalStreaming
        do {
            return try await system.gateway.streamingCall(
                method,
                firstRequest: clientStreams ? nil : ByteBuffer(bytes: messages[0]),
                halfClose: !clientStreams,
                options: options
            ) { call in
                if clientStreams {
                    for message in messages { try await call.send(ByteBuffer(bytes: message)) }
                    try await call.finish()
                }
                for try await _ in call.responses { return StatusCode.ok }
                return StatusCode.ok
            }
        } catch let error as RPCError {
            return error.code
        } catch {
            Issue.record("\(method) threw \(error)")
            return .unavailable
        }
    }
}
